import SectionSort
let c = try IndexedCollation(locale: "ar_SA")
print(c.sectionTitles.joined(separator: ", "))
