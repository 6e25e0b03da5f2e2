import Foundation
import LZFSE

/// LZFSE decoding speed against Apple's reference C decoder (through `pyliblzfse`, timed in the
/// same run on the same compressed bytes). Inputs are large enough that Python's call overhead
/// (about a microsecond) is lost in the decode time.
///
/// `pyliblzfse` sizes its output buffer from the first block's decoded size and decodes again
/// into a doubled buffer whenever the output fills it, which it always does at least once (an
/// exactly full buffer counts as too small). The reference figure counts the bytes those attempts
/// decode, so it measures the C decoder, not the wrapper's retries.
enum LZFSEBenchmark {
    static let packageRoot = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let shared = packageRoot.appendingPathComponent("../shared").standardizedFileURL

    struct Row {
        var name: String
        var decodedBytes: Int
        var swift: Double
        var reference: Double
        /// The bytes the reference decoded in that time, retries included.
        var referenceBytes: Double
    }

    /// The compressed segment of each signed corpus file, and a few MB of real text (the shared
    /// reference documents and the corpus shortcuts, repeated) compressed by the reference encoder.
    static func measure(runs: Int) throws -> [Row] {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("lzfse-benchmark-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }

        var streams: [(name: String, stream: [UInt8], size: Int)] = []
        let signed = shared.appendingPathComponent("corpus/signed")
        var segments: [([UInt8], Int)] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: signed.path).sorted() where name.hasSuffix(".shortcut") {
            let bytes = [UInt8](try Data(contentsOf: signed.appendingPathComponent(name)))
            // One cluster of 256 segments with SHA-256 checksums: segment 0's data follows its tables.
            func u32(_ at: Int) -> Int { (0..<4).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } }
            let authData = u32(8)
            let size = u32(0x13C + authData)
            let compressed = u32(0x13C + authData + 4)
            let start = 0x495C + authData
            segments.append((Array(bytes[start..<start + compressed]), size))
        }
        guard !segments.isEmpty else { throw BenchmarkError("no signed shortcuts in \(signed.path)") }
        let segmentBytes = segments.reduce(0) { $0 + $1.1 }

        var text = Data()
        for folder in ["reference", "corpus/shortcuts", "corpus/intentdefinitions"] {
            let url = shared.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: url.path).sorted() {
                text += try Data(contentsOf: url.appendingPathComponent(name))
            }
        }
        while text.count < 4 << 20 { text += text }
        try text.write(to: scratch.appendingPathComponent("text.in"))

        let python = try testPython()
        let reference = try runReference(python: python, scratch: scratch, segments: segments.map(\.0), runs: runs)
        let compressedText = [UInt8](try Data(contentsOf: scratch.appendingPathComponent("text.lzfse")))
        streams.append(("real text (\(text.count >> 20) MiB)", compressedText, text.count))

        var rows: [Row] = []
        let segmentTime = Timings.measure(runs: runs) {
            for (stream, size) in segments { _ = try? LZFSE.decompress(stream, decodedSize: size) }
        }
        rows.append(
            Row(
                name: "signed corpus (\(segments.count) segments)", decodedBytes: segmentBytes, swift: segmentTime.minimum,
                reference: reference["segments"] ?? .nan,
                referenceBytes: reference["segmentWork"] ?? .nan))
        for (name, stream, size) in streams {
            guard (try? LZFSE.decompress(stream, decodedSize: size)) == [UInt8](text) else {
                throw BenchmarkError("the Swift decoder got the text wrong")
            }
            let time = Timings.measure(runs: runs) { _ = try? LZFSE.decompress(stream, decodedSize: size) }
            rows.append(
                Row(
                    name: name, decodedBytes: size, swift: time.minimum, reference: reference["text"] ?? .nan,
                    referenceBytes: reference["textWork"] ?? .nan))
        }
        return rows
    }

    /// Times the reference decoder; returns the best of `runs` seconds for each input.
    private static func runReference(python: String, scratch: URL, segments: [[UInt8]], runs: Int) throws -> [String: Double] {
        for (index, segment) in segments.enumerated() {
            try Data(segment).write(to: scratch.appendingPathComponent("segment-\(index).lzfse"))
        }
        let script = """
            import glob, json, liblzfse, os, sys, time
            folder, runs = sys.argv[1], int(sys.argv[2])
            text = open(os.path.join(folder, "text.in"), "rb").read()
            packed = liblzfse.compress(text)
            open(os.path.join(folder, "text.lzfse"), "wb").write(packed)
            segments = [open(p, "rb").read() for p in sorted(glob.glob(os.path.join(folder, "segment-*.lzfse")))]
            def attempted(stream):
                # The bytes pyliblzfse's retries decode: buffers of the first block's size, doubled.
                total, size, work = len(liblzfse.decompress(stream)), int.from_bytes(stream[4:8], "little"), 0
                while True:
                    work += min(size, total)
                    if total < size:
                        return work
                    size *= 2
            def best(work):
                work()
                times = []
                for _ in range(runs):
                    start = time.perf_counter()
                    work()
                    times.append(time.perf_counter() - start)
                return min(times)
            def all_segments():
                for s in segments:
                    liblzfse.decompress(s)
            print(json.dumps({
                "segments": best(all_segments), "segmentWork": sum(attempted(s) for s in segments),
                "text": best(lambda: liblzfse.decompress(packed)), "textWork": attempted(packed)}))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script, scratch.path, String(runs)]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let json = try JSONSerialization.jsonObject(with: data) as? [String: Double] else {
            throw BenchmarkError("the reference decoder's script failed")
        }
        return json
    }

    private static func testPython() throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [packageRoot.appendingPathComponent("Scripts/test-python-env.sh").path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchmarkError("Scripts/test-python-env.sh failed (is PyPI reachable?)") }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

extension Benchmarks {
    static func lzfse(runs: Int) throws {
        let rows = try LZFSEBenchmark.measure(runs: runs)
        print("LZFSE decoding: the Swift decoder and Apple's reference C decoder (pyliblzfse, its retries counted), best of \(runs) runs")
        var table = ResultTable("input", "decoded", "Swift MB/s", "reference MB/s", "Swift / reference")
        for row in rows {
            let swift = Double(row.decodedBytes) / 1e6 / row.swift
            let reference = row.referenceBytes / 1e6 / row.reference
            table.add(
                row.name, grouped(Double(row.decodedBytes)), String(format: "%.0f", swift), String(format: "%.0f", reference),
                String(format: "%.2f×", swift / reference))
        }
        print(table.render())
        print("target: at least 0.50× the reference")
    }
}
