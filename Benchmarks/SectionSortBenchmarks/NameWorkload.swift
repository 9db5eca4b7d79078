/// Deterministic names for benchmarks: the same seed gives the same names on every machine.
struct NameWorkload {
    /// The share of each script in the names, in percent; the rest is Latin.
    enum Mix {
        /// Swedish contacts: mostly Latin with å ä ö é, a few names in other scripts.
        case swedishContacts
        /// Every script equally often.
        case allScripts
    }

    private static let latinSyllables = [
        "an", "ber", "gå", "lind", "ström", "öd", "kvist", "sjö", "hol", "mé", "nil",
        "son", "ek", "å", "ä", "mar", "vik", "dahl", "ros", "ing", "ja", "ko", "ol", "fors",
        "é", "ull", "bäck", "ny", "gren", "sten", "tor", "la", "Ö", "Å", "Ä", "Z", "W",
    ]
    private static let cyrillic = ["Ива", "нов", "Пет", "ров", "Смир", "нова", "Жан", "на", "Ёлк", "ин", "Щер", "ба"]
    private static let greek = ["Παπα", "δόπουλος", "Γεωρ", "γίου", "Ωμέ", "γα", "Άλ", "φα", "Νίκ", "ος"]
    // No two pieces differ only in hiragana against katakana (ら/ラ): Foundation's localized compare
    // calls such strings equal while ICU orders them at the tertiary level, and the naive contender
    // must give the engine's output exactly.
    private static let kana = ["あお", "い", "カメ", "ラ", "さく", "ガラ", "ス", "たな", "ヤマ", "ダ", "ん", "ほし"]
    private static let hangul = ["김", "민", "준", "이", "서", "연", "박", "지", "훈", "하", "늘", "최"]
    private static let han = ["林", "丹", "张", "三", "王", "芳", "李", "娜", "刘", "洋", "陈", "静"]

    let seed: UInt64

    /// `count` names, each "Surname Givenname".
    func names(_ count: Int, mix: Mix = .swedishContacts) -> [String] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { _ in name(using: &generator, mix: mix) }
    }

    private func name(using generator: inout SplitMix64, mix: Mix) -> String {
        let roll = Int(generator.next() % 100)
        let script: Int
        switch mix {
        case .swedishContacts: script = roll < 85 ? 0 : 1 + roll % 5
        case .allScripts: script = roll % 6
        }
        func pick(_ pieces: [String], _ count: Int) -> String {
            (0..<count).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
        }
        switch script {
        case 0:
            let surname = pick(Self.latinSyllables, 2 + Int(generator.next() % 2))
            let given = pick(Self.latinSyllables, 2)
            return surname.prefix(1).uppercased() + surname.dropFirst() + " " + given.prefix(1).uppercased() + given.dropFirst()
        case 1: return pick(Self.cyrillic, 2) + " " + pick(Self.cyrillic, 2)
        case 2: return pick(Self.greek, 2) + " " + pick(Self.greek, 2)
        case 3: return pick(Self.kana, 3)
        case 4: return pick(Self.hangul, 3)
        default: return pick(Self.han, 2 + Int(generator.next() % 2))
        }
    }
}

/// SplitMix64: a tiny, fast, well-distributed generator with a fixed algorithm (the standard
/// library's generator is seeded randomly).
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
