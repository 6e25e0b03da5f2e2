import Foundation
import ShortcutsTestSupport
import Testing

/// `Benchmarks/run` measures every published figure; CI only checks it runs, at tiny sizes, with
/// the binaries this test run built (its figures mean nothing here).
@Suite struct BenchmarksRunTests {
    /// Every measure docs/PERFORMANCE.md publishes, by the start of its label.
    static let measures = [
        "engine: the counting loop", "tracing on (the default) ÷ off", "`shortcuts run` of a one-action shortcut",
        "peak memory of that run", "peak memory of `view` on the largest corpus file", "warm no-op app action",
        "the same returning 100 entities", "cold first app action", "`shortcuts list` with", "`shortcuts import` of",
        "`shortcutsd`: runs/s", "`shortcutsd` resident memory and descriptors",
    ]

    @Test func runsEveryMeasureAtTinySizesAndWritesTheTableBetweenItsMarkers() throws {
        let home = try TemporaryHome(prefix: "benchmarks-run")
        let page = home.directory.appendingPathComponent("PERFORMANCE.md")
        let before = """
            # Performance

            What we found stays.

            <!-- figures: written by Benchmarks/run -->
            an old table
            <!-- end of figures -->

            And so does this.

            """
        try Data(before.utf8).write(to: page)
        let binaries = URL(fileURLWithPath: try BuiltProducts.path(of: "shortcuts-benchmarks")).deletingLastPathComponent().path
        let result = try ProcessRun.run(
            "/bin/bash", [BuiltProducts.packageRoot.path + "/Benchmarks/run", "--tiny", "--bin-path", binaries, "--write", page.path],
            environment: home.environment, timeout: 240)
        #expect(result.status == 0, "\(result.error)")

        let printed = result.output.split(separator: "\n").filter { $0.hasPrefix("| ") }
        #expect(printed.count == Self.measures.count + 1)
        for measure in Self.measures {
            let row = try #require(printed.first { $0.hasPrefix("| \(measure)") }, "no row for \(measure)")
            let cells = row.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(cells.count == 6, "\(row)")
            #expect(cells.allSatisfy { !$0.isEmpty }, "\(row)")
            #expect(cells[5] == "met" || cells[5] == "**missed**", "\(row)")
            #expect(cells[4] == "—" || Double(cells[4]) != nil, "\(row)")
        }

        let written = try String(contentsOf: page, encoding: .utf8)
        #expect(written.hasPrefix("# Performance\n\nWhat we found stays.\n\n<!-- figures: written by Benchmarks/run -->\nMeasured "))
        #expect(written.hasSuffix("<!-- end of figures -->\n\nAnd so does this.\n"))
        #expect(!written.contains("an old table"))
        #expect(written.contains("tiny sizes: the figures mean nothing"))
        for line in printed { #expect(written.contains(line + "\n")) }
    }
}
