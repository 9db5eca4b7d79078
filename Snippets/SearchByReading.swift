// Searching names the way people type them: pinyin, Korean initial consonants, kana readings.
// snippet.hide
import SectionSort

// snippet.show
let chinese = try IndexedCollation(locale: "zh_CN")
let names = LiveSectionedList(
    ["张三", "李四", "单田芳", "김수정", "박민수", "Zoe Smith"], collation: chinese, by: { $0 },
    options: SectioningOptions(readsChineseNames: true))

func highlighted(_ query: String) -> [String] {
    let result = names.search(query)
    return result.indices.flatMap { section in
        result[section].indices.map { row in
            let name = result[section: section, row: row]
            return String(name[result.matchRange(section: section, row: row)])
        }
    }
}
print(highlighted("zs"))  // pinyin initials
print(highlighted("zhang san"))  // pinyin in full, spaces or not
print(highlighted("shantf"))  // 单 read as a surname: shàn
print(highlighted("ㄱㅅ"))  // Korean initial consonants
print(highlighted("박ㅁ"))  // a syllable, then an initial consonant still being typed

// A reading the list keeps beside the name (yomigana): the whole name is highlighted.
let japanese = SearchQuery("やま", collation: try IndexedCollation(locale: "ja_JP"))
print(japanese.matchRange(in: "山田", reading: "やまだ").map { "山田"[$0] } ?? "no match")
