/// The generated name lists that `--write-names` writes, one per script family, so that the peers
/// are compared on more than Latin text.
enum NameSet: String, CaseIterable {
    /// Swedish contacts: mostly Latin, a few names in other scripts (``NameWorkload``).
    case latin
    /// Chinese personal names in Han characters (``ChineseNameWorkload``).
    case chinese
    /// Japanese names: kanji surnames and given names, and names in kana with long-vowel and
    /// iteration marks.
    case japanese
    /// Korean names of three Hangul syllables, a few with a fourth.
    case korean
    /// Names in many scripts, 60 % of them with a character above U+07FF (Han, kana, Hangul,
    /// Thai, Devanagari); the rest Latin (some with combining marks), Cyrillic, Greek, Arabic and
    /// Hebrew.
    case mixed

    /// The collation locale the peers use for this set.
    var locale: String {
        switch self {
        case .latin: "sv_SE"
        case .chinese: "zh_CN"
        case .japanese: "ja_JP"
        case .korean: "ko_KR"
        case .mixed: "en_US"
        }
    }

    /// `count` names, the same for the same count on every machine.
    func names(_ count: Int) -> [String] {
        switch self {
        case .latin: return NameWorkload(seed: 20261122).names(count)
        case .chinese: return ChineseNameWorkload(seed: 20261123).names(count)
        case .japanese, .korean, .mixed:
            var generator = SplitMix64(seed: 20261125)
            return (0..<count).map { _ in name(using: &generator) }
        }
    }

    private static let kanjiSurnames = [
        "佐藤", "鈴木", "高橋", "田中", "伊藤", "渡辺", "山本", "中村", "小林", "加藤", "吉田", "山田",
        "佐々木", "山口", "松本", "井上", "木村", "林", "斎藤", "清水", "長谷川", "東海林", "野々村",
    ]
    private static let kanjiGiven = ["太郎", "花子", "翔", "陽菜", "蓮", "結衣", "大輝", "美咲", "健", "愛", "悠真", "さくら"]
    private static let kana = [
        "あ", "い", "う", "か", "き", "さ", "し", "た", "な", "は", "ま", "や", "ら", "わ", "ん", "が", "ぱ",
        "ア", "イ", "カ", "キ", "サ", "タ", "ナ", "ハ", "マ", "ヤ", "ラ", "ン", "ガ", "パ", "ー", "ゝ", "ヽ", "ッ", "ゃ",
    ]
    private static let koreanSurnames = Array("김이박최정강조윤장임한오서신권황안송류전홍고문양손배백허유남심노하곽성차주우구민").map(String.init)
    private static let koreanCompoundSurnames = ["남궁", "황보", "제갈", "선우", "독고"]
    private static let koreanGiven = Array("민서지현수영준우예진하윤은성동혜재경연아태희소승원정훈채다나율도").map(String.init)
    private static let latinNames = ["Anna", "Ödman", "Lind", "Ström", "José", "Müller", "O'Brien", "van Dijk", "Łukasz", "Ærø"]
    private static let cyrillic = ["Иван", "Пётр", "Смирнова", "Жанна", "Ёлкин", "Щербаков"]
    private static let greek = ["Αλέξης", "Παπαδόπουλος", "Γεωργίου", "Ωμέγα", "Νίκος"]
    private static let arabic = ["محمد", "فاطمة", "علي", "عبد الله", "يوسف", "مريم"]
    private static let hebrew = ["דוד", "שרה", "יוסף", "מרים", "אברהם"]
    private static let thai = ["สมชาย", "สมศรี", "ประยุทธ์", "กิตติ", "นภา", "เพ็ญ"]
    private static let devanagari = ["राजेश", "प्रिया", "अमित", "सुनीता", "विक्रम", "क्षमा"]
    private static let combining = ["e\u{301}", "a\u{308}", "o\u{302}\u{323}", "n\u{303}", "c\u{327}"]

    private func name(using generator: inout SplitMix64) -> String {
        func pick(_ pieces: [String]) -> String { pieces[Int(generator.next() % UInt64(pieces.count))] }
        func kanaName() -> String { (0..<(2 + Int(generator.next() % 3))).map { _ in pick(Self.kana) }.joined() }
        func koreanName() -> String {
            let surname = generator.next() % 16 == 0 ? pick(Self.koreanCompoundSurnames) : pick(Self.koreanSurnames)
            return surname + pick(Self.koreanGiven) + pick(Self.koreanGiven)
        }
        func japaneseName() -> String {
            generator.next() % 3 == 0 ? kanaName() + " " + kanaName() : pick(Self.kanjiSurnames) + " " + pick(Self.kanjiGiven)
        }
        switch self {
        case .japanese: return japaneseName()
        case .korean: return koreanName()
        default:
            let roll = generator.next() % 100
            switch roll {
            case 0..<25:
                var name = pick(Self.latinNames) + " " + pick(Self.latinNames)
                if roll % 4 == 0 { name += pick(Self.combining) }
                return name
            case 25..<30: return pick(Self.cyrillic) + " " + pick(Self.cyrillic)
            case 30..<35: return pick(Self.greek) + " " + pick(Self.greek)
            case 35..<38: return pick(Self.arabic) + " " + pick(Self.arabic)
            case 38..<40: return pick(Self.hebrew) + " " + pick(Self.hebrew)
            case 40..<55: return ChineseNameWorkload(seed: generator.next()).names(1)[0]
            case 55..<70: return japaneseName()
            case 70..<85: return koreanName()
            case 85..<93: return pick(Self.thai) + " " + pick(Self.thai)
            default: return pick(Self.devanagari) + " " + pick(Self.devanagari)
            }
        }
    }
}
