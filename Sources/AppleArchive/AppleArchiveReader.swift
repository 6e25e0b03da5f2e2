/// One entry of an Apple Archive (`AA01`): a file, directory or link and its fields.
public struct AppleArchiveEntry: Sendable {
    /// `TYP`: "F" file, "D" directory, "L" link, and so on.
    public var type: Character?
    /// `PAT`: the path inside the archive ("" for the root directory).
    public var path: String?
    /// `DAT`: a file's contents.
    public var data: ArraySlice<UInt8>?
    /// Every integer field by its three-letter key (`MOD`, `FLG`, `UID`…).
    public var integers: [String: UInt64] = [:]
}

/// Reading Apple Archive (AAR) entries: a header of typed fields, then the blob fields' bytes.
public enum AppleArchiveReader {
    /// The entries of an archive, in order. Fields may come in any order; unknown keys are skipped.
    ///
    /// - Throws: ``AppleArchiveError`` when an entry's header or blobs run past the end.
    public static func entries(_ bytes: [UInt8]) throws(AppleArchiveError) -> [AppleArchiveEntry] {
        var entries: [AppleArchiveEntry] = []
        var offset = 0
        while offset < bytes.count {
            let (entry, size) = try entry(bytes, at: offset, index: entries.count)
            entries.append(entry)
            offset += size
        }
        return entries
    }

    /// The contents of the file entry at `path`, or nil when there is none.
    public static func file(_ path: String, in bytes: [UInt8]) throws(AppleArchiveError) -> ArraySlice<UInt8>? {
        try entries(bytes).first { $0.type == "F" && $0.path == path }?.data ?? nil
    }

    private static func entry(_ bytes: [UInt8], at start: Int, index: Int) throws(AppleArchiveError) -> (AppleArchiveEntry, Int) {
        func fail(_ message: String) -> AppleArchiveError { AppleArchiveError(.malformed, "archive entry \(index + 1): \(message)") }
        guard bytes.count - start >= 6 else { throw AppleArchiveError(.truncated, "archive entry \(index + 1) is cut short") }
        let magic = String(decoding: bytes[start..<start + 4], as: UTF8.self)
        guard magic == "AA01" || magic == "YAA1" else { throw fail("no AA01 magic") }
        let headerSize = Int(bytes.littleEndian(UInt16.self, at: start + 4))
        guard headerSize >= 6, headerSize <= bytes.count - start else {
            throw AppleArchiveError(.truncated, "archive entry \(index + 1)'s header runs past the end")
        }
        let end = start + headerSize
        var entry = AppleArchiveEntry()
        var position = start + 6
        var blobOffset = end
        func need(_ count: Int) throws(AppleArchiveError) {
            guard end - position >= count else { throw fail("a field runs past the header") }
        }
        func integer(_ width: Int) -> UInt64 {
            (0..<width).reduce(UInt64(0)) { $0 | UInt64(bytes[position + $1]) << UInt64(8 * $1) }
        }
        while position < end {
            try need(4)
            let key = String(decoding: bytes[position..<position + 3], as: UTF8.self)
            let subtype = Character(UnicodeScalar(bytes[position + 3]))
            position += 4
            switch subtype {
            case "*":
                break
            case "1", "2", "4", "8":
                let width = subtype.wholeNumberValue!
                try need(width)
                let value = integer(width)
                entry.integers[key] = value
                if key == "TYP" { entry.type = Character(UnicodeScalar(UInt8(truncatingIfNeeded: value))) }
                position += width
            case "P":
                try need(2)
                let length = Int(integer(2))
                position += 2
                try need(length)
                if key == "PAT" { entry.path = String(decoding: bytes[position..<position + length], as: UTF8.self) }
                position += length
            case "A", "B", "C":
                let width = ["A": 2, "B": 4, "C": 8][subtype]!
                try need(width)
                let size = integer(width)
                position += width
                guard size <= UInt64(bytes.count - blobOffset) else {
                    throw AppleArchiveError(.truncated, "archive entry \(index + 1)'s \(key) data runs past the end")
                }
                if key == "DAT" { entry.data = bytes[blobOffset..<blobOffset + Int(size)] }
                blobOffset += Int(size)
            case "F", "G", "H", "I", "J":
                let width = ["F": 4, "G": 20, "H": 32, "I": 48, "J": 64][subtype]!
                try need(width)
                position += width
            case "S", "T":
                let width = subtype == "S" ? 8 : 12
                try need(width)
                position += width
            default:
                throw fail("field \(key) has an unknown type \"\(subtype)\"")
            }
        }
        return (entry, blobOffset - start)
    }
}
