import Foundation

// Apple's Foundation offers `.localizedStandard` (and `.localized`) wherever a `SortComparator`
// of strings is asked for: `names.sorted(using: .localizedStandard)`,
// `KeyPathComparator(\.name, comparator: .localizedStandard)`. Foundation on Linux has the
// comparator type (`String.Comparator`) but not these two.

extension SortComparator where Self == String.Comparator {
    /// Compares as the file manager lists names: ignoring case and width, numbers by their value
    /// ("file2" before "file10"), as `localizedStandardCompare(_:)` does.
    public static var localizedStandard: String.Comparator {
        String.Comparator(options: [.caseInsensitive, .numeric, .widthInsensitive, .forcedOrdering])
    }

    /// Compares as `localizedCompare(_:)` does.
    public static var localized: String.Comparator { String.Comparator(options: [.forcedOrdering]) }
}
