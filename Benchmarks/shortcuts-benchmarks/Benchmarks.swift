import Foundation

/// The benchmark driver: runs each benchmark and prints a table.
///
/// ```
/// swift run -c release shortcuts-benchmarks [--runs N] [--corpus <dir>]
/// ```
enum Benchmarks {
    static let targetActionsPerSecond = 20_000_000.0

    static func main(arguments: [String]) {
        if arguments.dropFirst().first == "--figures" {
            do {
                try Figures.run(arguments: Array(arguments.dropFirst(2)))
                exit(0)
            } catch {
                print("figures: FAILED: \(error)")
                exit(1)
            }
        }
        var runs = 7
        var corpus: URL?
        var only: Set<String>?
        var index = 1
        let usage =
            "usage: shortcuts-benchmarks [--runs N] [--corpus <dir>] [--only engine,format,lzfse,language,extension,apps,mcp,service,history,cancel,media]\n       shortcuts-benchmarks --figures [--tiny] [--write <file.md>] [--corpus <dir>]"
        while index < arguments.count {
            switch arguments[index] {
            case "--runs" where index + 1 < arguments.count:
                runs = max(1, Int(arguments[index + 1]) ?? runs)
                index += 1
            case "--corpus" where index + 1 < arguments.count:
                corpus = URL(fileURLWithPath: arguments[index + 1])
                index += 1
            case "--only" where index + 1 < arguments.count:
                only = Set(arguments[index + 1].split(separator: ",").map(String.init))
                index += 1
            default:
                print(usage)
                exit(2)
            }
            index += 1
        }
        let benchmarks: [(name: String, title: String, run: () throws -> Void)] = [
            ("engine", "engine throughput", { try engine(runs: runs) }),
            ("format", "format speed", { try format(runs: max(runs, 20), corpus: corpus) }),
            ("lzfse", "LZFSE decoding", { try lzfse(runs: max(runs, 15)) }),
            ("language", "language speed", { try language(runs: max(runs, 15), corpus: corpus) }),
            ("extension", "app extension", { try runExtensionBenchmarks() }),
            ("apps", "app actions in a shortcut", { try AppActionBenchmark.run(runs: max(runs, 5)) }),
            ("mcp", "MCP server", { try runMCPBenchmarks() }),
            ("service", "Shortcuts Events", { try runServiceBenchmarks() }),
            ("history", "run history", { try runHistoryBenchmarks() }),
            ("cancel", "stopping a run", { try CancelBenchmark.run(rounds: max(runs, 20)) }),
            ("media", "media actions", { try MediaBenchmark.run(runs: max(1, min(runs, 3))) }),
        ]
        if let only, let unknown = only.first(where: { name in !benchmarks.contains { $0.name == name } }) {
            print("no benchmark named \(unknown)\n\(usage)")
            exit(2)
        }
        var failed = false
        for benchmark in benchmarks where only?.contains(benchmark.name) ?? true {
            do {
                try benchmark.run()
            } catch {
                print("\(benchmark.title): FAILED: \(error)")
                failed = true
            }
            print("")
        }
        exit(failed ? 1 : 0)
    }

    static func engine(runs: Int) throws {
        let (timings, traced) = try EngineThroughput.measure(runs: runs)
        let actions = Double(EngineThroughput.actionsPerRun)
        let ordinary = Double(EngineThroughput.iterations * EngineThroughput.ordinaryActionsPerIteration)
        print(
            "Engine throughput: \(grouped(Double(EngineThroughput.iterations))) iterations × \(EngineThroughput.actionsPerIteration) actions "
                + "(+\(EngineThroughput.actionsOutsideTheLoop)) = \(grouped(actions)) actions per run, \(runs) runs each untraced and traced, alternating"
        )
        var table = ResultTable("measure", "best", "median")
        table.add("run time (ms)", milliseconds(timings.minimum), milliseconds(timings.median))
        table.add("actions/s (all actions)", grouped(actions / timings.minimum), grouped(actions / timings.median))
        table.add("actions/s (ordinary only)", grouped(ordinary / timings.minimum), grouped(ordinary / timings.median))
        table.add(
            "ns per action", String(format: "%.1f", timings.minimum / actions * 1e9), String(format: "%.1f", timings.median / actions * 1e9)
        )
        table.add(
            "ns per action, traced", String(format: "%.1f", traced.minimum / actions * 1e9),
            String(format: "%.1f", traced.median / actions * 1e9))
        table.add(
            "traced / untraced", String(format: "%.3f", traced.minimum / timings.minimum),
            String(format: "%.3f", traced.median / timings.median))
        print(table.render())
        let verdict = actions / timings.median >= targetActionsPerSecond ? "meets" : "BELOW"
        print("target ≥ \(grouped(targetActionsPerSecond)) actions/s (median, all actions): \(verdict)")
        let overhead = traced.median / timings.median - 1
        print("target: tracing costs ≤ 5% (median): \(overhead <= 0.05 ? "meets" : "ABOVE") (\(String(format: "%+.1f%%", overhead * 100)))")

        let loops = try RepeatCollection.measure(runs: max(1, min(runs, 3)))
        print("\nLong loops: Repeat n { Text } then Count (the results collected), best of \(max(1, min(runs, 3))) runs")
        var loopTable = ResultTable("iterations", "ns per iteration", "÷ the 10,000 loop's")
        for (iterations, seconds) in loops {
            loopTable.add(grouped(Double(iterations)), String(format: "%.1f", seconds * 1e9), String(format: "%.2f", seconds / loops[0].1))
        }
        print(loopTable.render())
        let growth = (loops.last?.1 ?? .nan) / loops[0].1
        print("target: the cost per iteration doesn't grow with the count (1M ÷ 10k ≤ 1.5): \(growth <= 1.5 ? "meets" : "GROWS")")
    }

    static func language(runs: Int, corpus: URL?) throws {
        let result = try LanguageSpeed.measure(runs: runs, directory: corpus)
        print("Shortcut text: \(FormatSpeed.fileName) ⇄ \(result.lines) lines of text, \(runs) runs")
        var table = ResultTable("operation", "best ms", "median ms")
        table.add("decompile", milliseconds(result.decompile.minimum), milliseconds(result.decompile.median))
        table.add("compile", milliseconds(result.compile.minimum), milliseconds(result.compile.median))
        print(table.render())
        let meets = max(result.decompile.median, result.compile.median) < LanguageSpeed.targetSeconds
        print("target < 20 ms each (median): \(meets ? "meets" : "MISSED")")
    }

    static func format(runs: Int, corpus: URL?) throws {
        let result = try FormatSpeed.measure(runs: runs, directory: corpus)
        print("Format: \(FormatSpeed.fileName), \(grouped(Double(result.bytes))) bytes, \(result.actions) actions, \(runs) runs")
        var table = ResultTable("operation", "best ms", "median ms")
        table.add("read (decode + parse)", milliseconds(result.read.minimum), milliseconds(result.read.median))
        table.add("write (same format)", milliseconds(result.writeSameFormat.minimum), milliseconds(result.writeSameFormat.median))
        table.add("write (XML)", milliseconds(result.writeXML.minimum), milliseconds(result.writeXML.median))
        print(table.render())
    }
}
