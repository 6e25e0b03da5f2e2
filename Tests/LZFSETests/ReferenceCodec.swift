import Foundation
import ShortcutsTestSupport
import Testing

/// Apple's reference LZFSE code, through the `pyliblzfse` package from PyPI (installed by
/// Scripts/test-python-env.sh): it compresses the test inputs and decodes corrupted streams, so
/// the Swift decoder is checked against the real encoder and decoder, not against itself.
enum ReferenceCodec {
    /// Compresses each input with the reference encoder.
    static func compress(_ inputs: [[UInt8]]) async throws -> [[UInt8]] {
        try await run(mode: "compress", inputs).map { try #require($0, "the reference encoder failed") }
    }

    /// Decodes each stream with the reference decoder; nil where it reports an error.
    static func decompress(_ streams: [[UInt8]]) async throws -> [[UInt8]?] {
        try await run(mode: "decompress", streams)
    }

    private static let script = """
        import liblzfse, os, sys
        mode, folder = sys.argv[1], sys.argv[2]
        for name in sorted(os.listdir(folder)):
            if not name.endswith(".in"):
                continue
            data = open(os.path.join(folder, name), "rb").read()
            try:
                out = liblzfse.compress(data) if mode == "compress" else liblzfse.decompress(data)
            except Exception:
                continue
            with open(os.path.join(folder, name[:-3] + ".out"), "wb") as f:
                f.write(out)
        """

    /// Runs the script over the inputs, waiting for Python off the task threads.
    private static func run(mode: String, _ inputs: [[UInt8]]) async throws -> [[UInt8]?] {
        let python = try await BuiltProducts.testPython()
        return try await offThePool { try run(python: python, mode: mode, inputs) }
    }

    private static func run(python: String, mode: String, _ inputs: [[UInt8]]) throws -> [[UInt8]?] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lzfse-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func name(_ index: Int) -> String { String(format: "%06d", index) }
        for (index, input) in inputs.enumerated() {
            try Data(input).write(to: folder.appendingPathComponent(name(index) + ".in"))
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script, mode, folder.path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw ReferenceCodecFailed() }
        return inputs.indices.map { index in
            (try? Data(contentsOf: folder.appendingPathComponent(name(index) + ".out"))).map { [UInt8]($0) }
        }
    }

    struct ReferenceCodecFailed: Error, CustomStringConvertible {
        var description: String { "the reference codec script failed" }
    }
}

enum Samples {
    /// Bytes of every kind an encoder meets: incompressible noise, long runs, words drawn from a
    /// small vocabulary (many matches at many distances), and a mix of the three.
    static func make(_ kind: Int, count: Int, seed: UInt64) -> [UInt8] {
        var random = SeededGenerator(seed: seed)
        switch kind {
        case 0:
            return (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
        case 1:
            var bytes: [UInt8] = []
            while bytes.count < count {
                bytes += Array(repeating: UInt8.random(in: 0...3, using: &random), count: Int.random(in: 1...300, using: &random))
            }
            return Array(bytes.prefix(count))
        case 2:
            let words = ["shortcut", "action", "WFWorkflow", "<key>", "</string>", "Linux", " ", "\n", "Apple", "is.workflow"]
            var bytes: [UInt8] = []
            while bytes.count < count { bytes += Array(words.randomElement(using: &random)!.utf8) }
            return Array(bytes.prefix(count))
        default:
            var bytes: [UInt8] = []
            while bytes.count < count {
                bytes += make(Int.random(in: 0...2, using: &random), count: Int.random(in: 1...5000, using: &random), seed: random.next())
            }
            return Array(bytes.prefix(count))
        }
    }
}
