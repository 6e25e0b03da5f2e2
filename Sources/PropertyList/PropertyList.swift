import FoundationEssentials

/// The two property-list encodings this codec reads and writes.
public enum PropertyListFormat: Sendable {
    /// Apple's `bplist00` binary format.
    case binary
    /// Apple's XML format (`<plist version="1.0">`).
    case xml
}

/// Decoding and encoding property lists, losslessly and deterministically.
///
/// ```swift
/// let (value, format) = try PropertyList.decode(bytes)
/// let again = PropertyList.encode(value, format: format)
/// ```
///
/// Decoding never crashes or hangs on hostile input: every offset and count is checked against
/// the data, reference cycles are reported, and nesting is limited to ``maximumDepth``.
public enum PropertyList {
    /// The deepest nesting of arrays and dictionaries that decoding accepts.
    public static let maximumDepth = 512

    /// Decodes a binary or XML property list, telling which one it was.
    ///
    /// Data starting with `bplist00` is read as binary; anything else must be XML. Unpaired
    /// UTF-16 surrogates in binary strings, which a `String` cannot hold, become U+FFFD.
    /// - Throws: ``PropertyListError`` saying what is wrong and where.
    public static func decode(
        _ data: Data
    ) throws(PropertyListError) -> (value: PropertyListValue, format: PropertyListFormat) {
        let result: Result<(PropertyListValue, PropertyListFormat), PropertyListError> =
            data.withUnsafeBytes { bytes in
                do throws(PropertyListError) {
                    if BinaryPropertyListReader.hasBinaryMagic(bytes) {
                        var reader = try BinaryPropertyListReader(bytes)
                        return .success((try reader.readTopObject(), .binary))
                    }
                    var reader = XMLPropertyListReader(bytes)
                    return .success((try reader.readDocument(), .xml))
                } catch {
                    return .failure(error)
                }
            }
        let (value, format) = try result.get()
        return (value, format)
    }

    /// Encodes a value as a complete property-list file in the given format.
    ///
    /// The same value always gives the same bytes. Dictionaries are written in their key order.
    /// Binary keeps every value exactly. XML, like Apple's and Python's writers, keeps dates
    /// to whole seconds (years 0001 through 9999) and writes a UID as a `CF$UID` dictionary,
    /// which reads back as the UID while it is at most `Int64.max`.
    public static func encode(_ value: PropertyListValue, format: PropertyListFormat) -> Data {
        switch format {
        case .binary: return Data(BinaryPropertyListWriter.encode(value))
        case .xml: return Data(XMLPropertyListWriter.encode(value))
        }
    }
}
