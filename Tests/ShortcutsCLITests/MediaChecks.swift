import Foundation
import ShortcutsTestSupport
import Testing

/// Checks of media files the actions make, by tools other than the libraries that made them.
extension CommandRunner {
    /// The top-left pixel of a PNG as Python's zlib reads it (that pixel is stored as it is
    /// whatever the row's filter).
    func firstPixel(_ path: String) throws -> [Int] {
        let script = """
            import sys, struct, zlib
            data = open(sys.argv[1], 'rb').read()
            assert data[:8] == b'\\x89PNG\\r\\n\\x1a\\n'
            at, idat, header = 8, b'', None
            while at < len(data):
                length, kind = struct.unpack('>I4s', data[at:at + 8])
                body = data[at + 8:at + 8 + length]
                if kind == b'IHDR': header = struct.unpack('>IIBB', body[:10])
                if kind == b'IDAT': idat += body
                at += 12 + length
            width, height, depth, colour = header
            channels = {0: 1, 2: 3, 4: 2, 6: 4}[colour]
            row = zlib.decompress(idat)
            print(' '.join(str(b) for b in row[1:1 + channels]))
            """
        let result = try ProcessRun.run("/usr/bin/python3", ["-c", script, path])
        #expect(result.status == 0, "\(result.error)")
        return result.output.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }
}
