/// Decoding LZFSE, the compression Apple's archives and signed shortcuts use.
///
/// An LZFSE stream is a sequence of blocks, each opened by a four-byte magic: `bvx-` (stored
/// bytes), `bvxn` (LZVN), `bvx1` and `bvx2` (LZFSE, with uncompressed and packed headers), and
/// `bvx$`, which ends the stream. Every block says how many bytes it decodes to, so the whole
/// output is decoded in one pass into a buffer of the size the caller knows (a segment size from
/// an Apple Archive, say) or that ``decodedSize(of:)`` reads from the block headers.
///
/// ```swift
/// let text = try LZFSE.decompress(compressed, decodedSize: 145_199)
/// ```
public enum LZFSE {
    /// Decodes a whole stream whose decoded size is known.
    ///
    /// - Parameter decodedSize: the exact number of bytes the stream decodes to.
    /// - Throws: ``LZFSEError`` when the stream is malformed or decodes to another size.
    public static func decompress(_ input: [UInt8], decodedSize: Int) throws(LZFSEError) -> [UInt8] {
        let result = input.withUnsafeBytes { bytes in
            Result { () throws(LZFSEError) in try decompress(bytes, decodedSize: decodedSize) }
        }
        return try result.get()
    }

    /// Decodes a whole stream whose decoded size is known.
    ///
    /// - Throws: ``LZFSEError`` when the stream is malformed or decodes to another size.
    public static func decompress(_ input: UnsafeRawBufferPointer, decodedSize: Int) throws(LZFSEError) -> [UInt8] {
        guard decodedSize >= 0 else { throw LZFSEError(.outputSize, offset: 0, "a negative decoded size") }
        var failure: LZFSEError?
        let output = [UInt8](unsafeUninitializedCapacity: decodedSize) { buffer, count in
            switch Result(catching: { () throws(LZFSEError) in try decompress(input, into: UnsafeMutableRawBufferPointer(buffer)) }) {
            case .success(let written): count = written
            case .failure(let error):
                failure = error
                count = 0
            }
        }
        if let failure { throw failure }
        guard output.count == decodedSize else {
            throw LZFSEError(.outputSize, offset: input.count, "the stream decodes to \(output.count) bytes, not \(decodedSize)")
        }
        return output
    }

    /// Decodes a stream into a buffer, returning the number of bytes written.
    ///
    /// - Throws: ``LZFSEError`` when the stream is malformed or does not fit in `output`.
    public static func decompress(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws(LZFSEError) -> Int {
        var decoder = StreamDecoder(input: input, output: output)
        try decoder.run()
        return decoder.written
    }

    /// The number of bytes a stream decodes to, summed from its block headers.
    ///
    /// - Throws: ``LZFSEError`` when a block header is malformed or the end-of-stream block is missing.
    public static func decodedSize(of input: UnsafeRawBufferPointer) throws(LZFSEError) -> Int {
        var total = 0
        var offset = 0
        while true {
            let block = try BlockHeader.read(input, at: offset)
            if case .end = block.kind { return total }
            total += block.decodedSize
            offset += block.encodedSize
        }
    }
}

/// Why an LZFSE stream could not be decoded.
public struct LZFSEError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The kind of problem; more may be added.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        let name: String
        /// The stream ends inside a block, or without the end-of-stream block.
        public static let truncated = Code(name: "truncated")
        /// A four-byte block magic that is not one of LZFSE's.
        public static let unknownBlock = Code(name: "unknownBlock")
        /// A block header with values out of range.
        public static let badHeader = Code(name: "badHeader")
        /// The compressed data of a block is inconsistent with its header.
        public static let badPayload = Code(name: "badPayload")
        /// The output is larger than the buffer, or not the size expected.
        public static let outputSize = Code(name: "outputSize")
        public var description: String { name }
    }

    public var code: Code
    /// The offset in the input of the block where the problem was found.
    public var offset: Int
    public var message: String

    init(_ code: Code, offset: Int, _ message: String) {
        self.code = code
        self.offset = offset
        self.message = message
    }

    public var description: String { "LZFSE: \(message) (block at byte \(offset))" }
}
