/// sectionsort's version, in one place: `--version`, the key records' identity and the man page
/// read it. The rule, checked by a test against CHANGELOG.md: while its first section is
/// "Unreleased (X)", the version is "X-dev"; once released, it is that section's X.
enum Version {
    static let number = "0.3.0-dev"
}
