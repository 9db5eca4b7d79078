/// The files of the index and reading data, by path inside Sources/SectionSortCollationData.
enum IndexDataFiles {
    static let header = "SectionSortIndexData.h"

    static func files() throws -> [(path: String, contents: String)] {
        let index = IndexDataGenerator.tables()
        let readings = try HanReadingsGenerator.tables()
        return [
            (
                "IndexData.c",
                CSourceWriter.source(header: header, about: "Scripts and exemplar characters for the alphabetic index.", tables: index)
            ),
            ("HanReadings.c", CSourceWriter.source(header: header, about: "ICU's Han-Latin/Names transform as tables.", tables: readings)),
            (
                "include/" + header,
                CSourceWriter.header(
                    guardName: "SECTIONSORT_INDEX_DATA_H",
                    about: """
                        The index and reading data that SectionSort takes from ICU, each table constant bytes read in
                        // place; its layout is described above it in IndexData.c or HanReadings.c.
                        """,
                    tables: index + readings)
            ),
        ]
    }
}
