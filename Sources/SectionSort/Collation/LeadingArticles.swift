/// The leading articles that a collation skips, so that "The Beatles" sorts and sections as
/// "Beatles", under B, as music libraries list it. The item itself is shown unchanged.
///
/// An article is skipped where a key starts with it, in any letter case, and a space follows
/// (spaces after it are skipped too); an article that ends in an apostrophe, such as French "l'",
/// is skipped before the word that follows it directly ("L'Amour" as "Amour"), the typographic
/// apostrophe (’) matching as well. A key that is nothing but an article ("The") stays whole,
/// and only the first article goes ("The A-Team" as "A-Team").
///
/// The built-in articles, by language (``articlesByLanguage``):
///
/// | language | articles |
/// |---|---|
/// | en | the, a, an |
/// | fr | le, la, les, l' |
/// | de | der, die, das |
/// | es | el, la, los, las |
/// | it | il, lo, la, i, gli, le, l' |
/// | nl | de, het, 't |
/// | pt | o, a, os, as |
///
/// ```swift
/// let options = CollationOptions(ignoredArticles: LeadingArticles(languages: ["fr"], additionalArticles: ["ye"]))
/// ```
public struct LeadingArticles: Hashable, Sendable {
    /// Whether the articles of the collation locale's language are skipped (none for a language
    /// that the table lacks, such as Swedish, whose articles are endings).
    public var includesLocaleLanguage: Bool
    /// Languages (keys of ``articlesByLanguage``) whose articles are skipped as well, such as
    /// ["en", "fr"] for a library of English and French titles in any locale.
    public var languages: [String]
    /// Articles of your own, skipped as well: "ye", or "d'" (which joins the word that follows).
    public var additionalArticles: [String]

    /// The articles skipped for each language, by ISO 639-1 code.
    public static let articlesByLanguage: [String: [String]] = [
        "en": ["the", "a", "an"],
        "fr": ["le", "la", "les", "l'"],
        "de": ["der", "die", "das"],
        "es": ["el", "la", "los", "las"],
        "it": ["il", "lo", "la", "i", "gli", "le", "l'"],
        "nl": ["de", "het", "'t"],
        "pt": ["o", "a", "os", "as"],
    ]

    /// Creates a choice of articles: by default those of the collation locale's language.
    ///
    /// - Parameters:
    ///   - includesLocaleLanguage: skip the articles of the locale's language.
    ///   - languages: further languages of ``articlesByLanguage``; creating a collation with a
    ///     language the table lacks throws ``SectionSortError/unknownArticleLanguage(_:)``.
    ///   - additionalArticles: articles of your own.
    public init(includesLocaleLanguage: Bool = true, languages: [String] = [], additionalArticles: [String] = []) {
        self.includesLocaleLanguage = includesLocaleLanguage
        self.languages = languages
        self.additionalArticles = additionalArticles
    }

    /// The articles skipped in a collation whose locale has the language `localeLanguage`.
    ///
    /// - Throws: ``SectionSortError/unknownArticleLanguage(_:)`` for a listed language that
    ///   ``articlesByLanguage`` lacks.
    func articles(localeLanguage: String) throws(SectionSortError) -> [String] {
        var articles = includesLocaleLanguage ? Self.articlesByLanguage[localeLanguage] ?? [] : []
        for language in languages {
            guard let listed = Self.articlesByLanguage[language] else { throw .unknownArticleLanguage(language) }
            articles += listed
        }
        return articles + additionalArticles
    }
}
