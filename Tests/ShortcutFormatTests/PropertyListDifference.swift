import PropertyList

/// The first place two property lists differ, as a readable path, or `nil` when they are equal.
///
/// Conformance failures print this instead of two whole files.
func firstDifference(_ expected: PropertyListValue, _ actual: PropertyListValue, path: String = "root") -> String? {
    switch (expected, actual) {
    case (.dictionary(let a), .dictionary(let b)):
        for (key, value) in a {
            guard let other = b[key] else { return "\(path).\(key): missing after the round trip" }
            if let difference = firstDifference(value, other, path: "\(path).\(key)") { return difference }
        }
        if let added = b.keys.first(where: { a[$0] == nil }) { return "\(path).\(added): added by the round trip" }
        return nil
    case (.array(let a), .array(let b)):
        guard a.count == b.count else { return "\(path): \(a.count) elements became \(b.count)" }
        for (position, (x, y)) in zip(a, b).enumerated() {
            if let difference = firstDifference(x, y, path: "\(path)[\(position)]") { return difference }
        }
        return nil
    default:
        return expected == actual ? nil : "\(path): \(expected) became \(actual)"
    }
}
