// Japanese names sectioned by their readings (yomigana), as address books store them.
// snippet.hide
import SectionSort

// snippet.show
struct Contact: Sendable {
    var name: String
    var reading: String?
}

let contacts = [
    Contact(name: "山田太郎", reading: "やまだ たろう"), Contact(name: "佐藤花子", reading: "さとう はなこ"),
    Contact(name: "鈴木一郎", reading: "スズキ イチロウ"), Contact(name: "John Smith", reading: nil),
    Contact(name: "小林", reading: nil),
]
let list = try IndexedCollation(locale: "ja_JP").sections(of: contacts, by: \.name, reading: \.reading)
for section in list {
    print(section.title, section.items.map(\.name))
}
