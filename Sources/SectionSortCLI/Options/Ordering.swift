import SectionSort

/// The options that decide keys and their order: what the key records' identity
/// (``KeyIdentity``) holds as is, so that `--from-keys` orders and writes as the run that made the
/// keys did.
struct Ordering: Equatable, Sendable {
    /// The collation locale asked for (`--locale`, else the environment's).
    var locale = "en_US"
    var ignoreCase = false
    var ignoreAccents = false
    var numeric = false
    var ignorePunctuation = false
    var normalize = false
    /// `--case-first`; nil keeps the locale's default.
    var caseFirst: CollationOptions.CaseFirst?
    /// `--ignore-articles[=LANGS]`: nil for none, else the languages listed besides the locale's.
    var ignoreArticles: [String]?
    /// `--index-locales LIST`: locales whose index letters join the titles.
    var indexLocales: [String] = []
    /// `--index-locales auto` (alone or in the list): the locales of the alphabets the records
    /// are written in join `indexLocales` (``AutomaticIndexLocales``). The key identity holds
    /// the locales chosen, never this.
    var choosesIndexLocales = false
    var descending = false
    var otherFirst = false
    var inputFormat = CommandLineOptions.InputFormat.lines
    /// The column or field to section by, those that order records with equal keys (`--then`, in
    /// the order given), and the reading's.
    var key: String?
    var then: [String] = []
    var reading: String?
    /// Whether Han keys are read as Chinese personal names.
    var chineseNames = false
}
