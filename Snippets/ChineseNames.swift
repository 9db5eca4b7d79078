// Chinese personal names under the letter of their surname's reading.
// snippet.hide
import SectionSort

// snippet.show
let names = ["曾志伟", "单田芳", "张伟", "解缙", "李娜"]
let collation = try IndexedCollation(locale: "zh_CN")

let asNames = collation.sections(of: names, by: { $0 }, options: SectioningOptions(readsChineseNames: true))
print(asNames.map { "\($0.title) \($0.items.joined(separator: " "))" }.joined(separator: " | "))

let asText = collation.sections(of: names, by: { $0 })
print(asText.map { "\($0.title) \($0.items.joined(separator: " "))" }.joined(separator: " | "))
