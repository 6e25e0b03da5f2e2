import Foundation

/// Reads the text a file holds, whatever its encoding: what Shortcuts does when a file is used
/// as text.
///
/// A byte order mark says UTF-8, UTF-16 or UTF-32 (little or big end); without one the bytes are
/// UTF-8 when they are valid UTF-8, and Latin-1 (ISO 8859-1, which every byte sequence is)
/// otherwise.
public enum TextDecoding {
    /// The text of `data`.
    public static func text(of data: Data) -> String {
        if let (encoding, skip) = byteOrderMark(data), let text = String(data: data.dropFirst(skip), encoding: encoding) {
            return text
        }
        if let text = String(data: data, encoding: .utf8) { return text }
        return String(decoding: data.map { UInt16($0) }, as: UTF16.self)
    }

    /// The text of `data` when it is text: it has a byte order mark or is valid UTF-8 without
    /// NUL bytes; `nil` for what looks like binary data.
    public static func textIfText(of data: Data) -> String? {
        if let (encoding, skip) = byteOrderMark(data) { return String(data: data.dropFirst(skip), encoding: encoding) }
        guard !data.contains(0), let text = String(data: data, encoding: .utf8) else { return nil }
        return text
    }

    /// The encoding a byte order mark names and the mark's length.
    static func byteOrderMark(_ data: Data) -> (String.Encoding, Int)? {
        let bytes = [UInt8](data.prefix(4))
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return (.utf8, 3) }
        if bytes.starts(with: [0xFF, 0xFE, 0, 0]) { return (.utf32LittleEndian, 4) }
        if bytes.starts(with: [0, 0, 0xFE, 0xFF]) { return (.utf32BigEndian, 4) }
        if bytes.starts(with: [0xFF, 0xFE]) { return (.utf16LittleEndian, 2) }
        if bytes.starts(with: [0xFE, 0xFF]) { return (.utf16BigEndian, 2) }
        return nil
    }
}
