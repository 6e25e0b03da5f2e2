/// A `String` that is equal only to the very same UTF-8 bytes.
///
/// Swift's `String ==` treats canonically equivalent strings as equal ("é" as one scalar and
/// as "e" plus a combining accent), but a property list holds exact text, and Apple's readers
/// and writers compare keys code unit by code unit too. This wrapper gives dictionary keys,
/// string values and the binary writer's sharing of equal strings that literal meaning; it is
/// also faster, since it never normalizes.
struct LiteralString: Hashable, Sendable {
    var string: String

    init(_ string: String) {
        self.string = string
    }

    static func == (lhs: LiteralString, rhs: LiteralString) -> Bool {
        lhs.string.hasSameUTF8(as: rhs.string)
    }

    func hash(into hasher: inout Hasher) {
        string.hashUTF8(into: &hasher)
    }
}

extension String {
    /// Whether both strings have exactly the same UTF-8 bytes.
    func hasSameUTF8(as other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        var lhs = self
        var rhs = other
        return lhs.withUTF8 { lhsBytes in
            rhs.withUTF8 { rhsBytes in
                for index in lhsBytes.indices where lhsBytes[index] != rhsBytes[index] {
                    return false
                }
                return true
            }
        }
    }

    /// Feeds the exact UTF-8 bytes (and their count) to a hasher, consistently with `hasSameUTF8`.
    func hashUTF8(into hasher: inout Hasher) {
        var copy = self
        copy.withUTF8 { bytes in
            hasher.combine(bytes.count)
            hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        }
    }
}
