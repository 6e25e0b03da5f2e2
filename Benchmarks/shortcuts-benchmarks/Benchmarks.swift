import Foundation

/// The benchmark driver: runs each benchmark and prints a table.
///
/// ```
/// swift run -c release shortcuts-benchmarks [--runs N] [--corpus <dir>]
/// ```
enum Benchmarks {
    static let targetActionsPerSecond = 2_000_000.0

    static func main(arguments: [String]) {
        var runs = 7
        var corpus: URL?
        var index = 1
        while index < arguments.count {
            switch arguments[index] {
            case "--runs" where index + 1 < arguments.count:
                runs = max(1, Int(arguments[index + 1]) ?? runs)
                index += 1
            case "--corpus" where index + 1 < arguments.count:
                corpus = URL(fileURLWithPath: arguments[index + 1])
                index += 1
            default:
                print("usage: shortcuts-benchmarks [--runs N] [--corpus <dir>]")
                exit(2)
            }
            index += 1
        }
        var failed = false
        do {
            try engine(runs: runs)
        } catch {
            print("engine throughput: FAILED: \(error)")
            failed = true
        }
        print("")
        do {
            try format(runs: max(runs, 20), corpus: corpus)
        } catch {
            print("format speed: FAILED: \(error)")
            failed = true
        }
        print("")
        do {
            try lzfse(runs: max(runs, 15))
        } catch {
            print("LZFSE decoding: FAILED: \(error)")
            failed = true
        }
        print("")
        do {
            try language(runs: max(runs, 15), corpus: corpus)
        } catch {
            print("language speed: FAILED: \(error)")
            failed = true
        }
        print("")
        do {
            try runExtensionBenchmarks()
        } catch {
            print("app extension: FAILED: \(error)")
            failed = true
        }
        print("")
        do {
            try runMCPBenchmarks()
        } catch {
            print("MCP server: FAILED: \(error)")
            failed = true
        }
        print("")
        do {
            try runServiceBenchmarks()
        } catch {
            print("Shortcuts Events: FAILED: \(error)")
            failed = true
        }
        exit(failed ? 1 : 0)
    }

    static func engine(runs: Int) throws {
        let timings = try EngineThroughput.measure(runs: runs)
        let actions = Double(EngineThroughput.actionsPerRun)
        let ordinary = Double(EngineThroughput.iterations * EngineThroughput.ordinaryActionsPerIteration)
        print(
            "Engine throughput: \(grouped(Double(EngineThroughput.iterations))) iterations × \(EngineThroughput.actionsPerIteration) actions "
                + "(+\(EngineThroughput.actionsOutsideTheLoop)) = \(grouped(actions)) actions per run, \(runs) runs")
        var table = ResultTable("measure", "best", "median")
        table.add("run time (ms)", milliseconds(timings.minimum), milliseconds(timings.median))
        table.add("actions/s (all actions)", grouped(actions / timings.minimum), grouped(actions / timings.median))
        table.add("actions/s (ordinary only)", grouped(ordinary / timings.minimum), grouped(ordinary / timings.median))
        table.add(
            "ns per action", String(format: "%.1f", timings.minimum / actions * 1e9), String(format: "%.1f", timings.median / actions * 1e9)
        )
        print(table.render())
        let verdict = actions / timings.median >= targetActionsPerSecond ? "meets" : "BELOW"
        print("target ≥ \(grouped(targetActionsPerSecond)) actions/s (median, all actions): \(verdict)")
        print("")
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
