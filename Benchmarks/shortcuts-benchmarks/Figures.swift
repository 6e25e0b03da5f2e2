import AppActions
import Foundation
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine
import ShortcutsEvents
import ShortcutsRPC
import ShortcutsRun

#if canImport(Glibc)
    import Glibc
#endif

/// The published figures: every measure of docs/PERFORMANCE.md's table, each against its goal
/// and, where one exists, a reference measured in the same run (a Swift hello world, a direct
/// socket echo, `ls` and `cp` of the same folder), printed as a table and written into that file.
///
/// ```
/// shortcuts-benchmarks --figures [--tiny] [--write docs/PERFORMANCE.md] [--corpus <dir>] [--service-seconds N]
///                              [--only engine,startup,apps,library,service]
/// ```
///
/// `--service-seconds` sets how long the 20 clients run the service (5 s; about 4½ minutes makes
/// a million runs). `Benchmarks/run` builds the release binaries and calls this. `--tiny` runs every measure at a
/// small size (a test checks that it runs); its figures mean nothing.
enum Figures {
    /// How much each measure does.
    struct Sizes {
        var engineRuns: Int
        var processRuns: Int
        var appCalls: Int
        var appRounds: Int
        var coldStarts: Int
        var libraryShortcuts: Int
        var serviceSeconds: Double
        var serviceClients: Int

        static let full = Sizes(
            engineRuns: 7, processRuns: 40, appCalls: 1_000, appRounds: 7, coldStarts: 20, libraryShortcuts: 1_000,
            serviceSeconds: 5, serviceClients: 20)
        static let tiny = Sizes(
            engineRuns: 1, processRuns: 3, appCalls: 10, appRounds: 1, coldStarts: 2, libraryShortcuts: 20, serviceSeconds: 0.3,
            serviceClients: 4)
    }

    /// One line of the table.
    struct Row {
        var measure: String
        var goal: String
        var figure: String
        var reference: String
        var ratio: String
        var verdict: String
    }

    /// The markers in docs/PERFORMANCE.md between which the table is written.
    static let beginMarker = "<!-- figures: written by Benchmarks/run -->"
    static let endMarker = "<!-- end of figures -->"

    static func run(arguments: [String]) throws {
        var sizes = Sizes.full
        var destination: String?
        var corpus: String?
        var serviceSeconds: Double?
        var only: Set<String>?
        var index = 0
        while index < arguments.count {
            switch arguments[index] {
            case "--tiny": sizes = .tiny
            case "--write" where index + 1 < arguments.count:
                destination = arguments[index + 1]
                index += 1
            case "--corpus" where index + 1 < arguments.count:
                corpus = arguments[index + 1]
                index += 1
            case "--only" where index + 1 < arguments.count:
                only = Set(arguments[index + 1].split(separator: ",").map(String.init))
                index += 1
            case "--service-seconds" where index + 1 < arguments.count:
                guard let seconds = Double(arguments[index + 1]), seconds > 0 else {
                    throw BenchmarkError("--service-seconds takes a number of seconds, not \(arguments[index + 1])")
                }
                serviceSeconds = seconds
                index += 1
            default: throw BenchmarkError("unknown argument \(arguments[index]) for --figures")
            }
            index += 1
        }
        if let serviceSeconds { sizes.serviceSeconds = serviceSeconds }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("figures-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let measurer = Measurer(sizes: sizes, scratch: scratch, corpus: corpus)
        if let only {
            let names = measurer.measures.map(\.0)
            if let unknown = only.first(where: { !names.contains($0) }) {
                throw BenchmarkError("no measure named \(unknown) (--only takes \(names.joined(separator: ",")))")
            }
            // The published table has every figure of one run.
            guard destination == nil else { throw BenchmarkError("--only measures part of the table; it is printed, not written") }
        }

        var rows: [Row] = []
        for (name, measure) in measurer.measures where only?.contains(name) ?? true {
            FileHandle.standardError.write(Data("measuring \(name)…\n".utf8))
            do {
                rows += try measure()
            } catch {
                throw BenchmarkError("\(name): \(error)")
            }
        }
        let table = render(rows)
        print(table)
        if let destination {
            try write(table, into: destination, sizes: sizes)
            print("\nwritten into \(destination)")
        }
    }

    /// The rows as a Markdown table.
    static func render(_ rows: [Row]) -> String {
        var text = "| Measure | Goal | Figure | Reference | Ratio | |\n|---|---|---|---|---|---|\n"
        for row in rows {
            text += "| \(row.measure) | \(row.goal) | \(row.figure) | \(row.reference) | \(row.ratio) | \(row.verdict) |\n"
        }
        return text
    }

    /// Puts the table, with the machine and date, between the markers of `path` (made if missing).
    static func write(_ table: String, into path: String, sizes: Sizes) throws {
        var uname = utsname()
        _ = Glibc.uname(&uname)
        func field<T>(_ value: T) -> String {
            withUnsafeBytes(of: value) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        let cpu =
            ((try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? "")
            .split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { String($0.split(separator: ":", maxSplits: 1).last ?? "").trimmingCharacters(in: .whitespaces) } ?? "unknown CPU"
        let date = ISO8601DateFormatter().string(from: Date())
        let machine =
            "Measured \(date) on \(cpu), \(ProcessInfo.processInfo.activeProcessorCount) cores, Linux \(field(uname.release))"
            + (sizes.libraryShortcuts < Sizes.full.libraryShortcuts ? " (tiny sizes: the figures mean nothing)" : "") + "."
        let block = "\(beginMarker)\n\(machine)\n\n\(table)\(endMarker)"
        var text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? "# Performance\n\n\(beginMarker)\n\(endMarker)\n"
        if let begin = text.range(of: beginMarker), let end = text.range(of: endMarker), begin.upperBound <= end.lowerBound {
            text.replaceSubrange(begin.lowerBound..<end.upperBound, with: block)
        } else {
            text += "\n\(block)\n"
        }
        try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}

/// Does the measuring, with the binaries built next to this one.
private struct Measurer {
    let sizes: Figures.Sizes
    let scratch: URL
    let corpus: String?
    let binaries: URL

    init(sizes: Figures.Sizes, scratch: URL, corpus: String?) {
        self.sizes = sizes
        self.scratch = scratch
        self.corpus = corpus
        binaries = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    }

    var measures: [(String, () throws -> [Figures.Row])] {
        [
            ("engine", engine), ("startup", startup), ("apps", appActions), ("library", library), ("service", service),
        ]
    }

    private func binary(_ name: String) throws -> String {
        let path = binaries.appendingPathComponent(name).path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw BenchmarkError("\(name) is not built next to this benchmark (\(path)); run Benchmarks/run")
        }
        return path
    }

    // MARK: The engine

    private func engine() throws -> [Figures.Row] {
        let (plain, traced) = try EngineThroughput.measure(runs: sizes.engineRuns)
        let perSecond = Double(EngineThroughput.actionsPerRun) / plain.median
        let ratio = traced.median / plain.median
        return [
            Figures.Row(
                measure: "engine: the counting loop (Get Variable → Math → Set Variable → If, 100,000 times)", goal: "≥ 20 M actions/s",
                figure: String(format: "%.1f M actions/s", perSecond / 1e6), reference: "—", ratio: "—",
                verdict: verdict(perSecond >= 20e6)),
            Figures.Row(
                measure: "tracing on (the default) ÷ off, the counting loop", goal: "≤ 1.05",
                figure: "\(milliseconds(traced.median)) ms", reference: "\(milliseconds(plain.median)) ms untraced",
                ratio: String(format: "%.2f", ratio), verdict: verdict(ratio <= 1.05)),
        ]
    }

    // MARK: Start-up and memory

    private func startup() throws -> [Figures.Row] {
        let shortcuts = try binary("shortcuts")
        let hello = try helloWorld()
        let file = scratch.appendingPathComponent("hello.shortcut")
        try ShortcutFile.write(
            Workflow(actions: [
                WorkflowAction(identifier: "is.workflow.actions.gettext", parameters: ["WFTextActionText": .plain("Hello, World!")])
            ])
        ).write(to: file)
        let home = scratch.appendingPathComponent("startup-home").path
        let environment = ["SHORTCUTS_HOME": home, "XDG_STATE_HOME": home + "/state", "PATH": "/usr/bin:/bin", "HOME": home]
        let output = try Spawned.output(shortcuts, ["run", file.path], environment: environment)
        guard output == "Hello, World!\n" else { throw BenchmarkError("shortcuts run printed \(output.debugDescription)") }

        var helloRuns: [Spawned] = []
        var runs: [Spawned] = []
        for _ in 0..<(sizes.processRuns + 3) {
            helloRuns.append(try Spawned.run(hello, [], environment: environment))
            runs.append(try Spawned.run(shortcuts, ["run", file.path], environment: environment))
        }
        // The first three of each warm the caches.
        helloRuns.removeFirst(3)
        runs.removeFirst(3)
        let helloTime = median(helloRuns.map(\.seconds))
        let runTime = median(runs.map(\.seconds))
        // Peak memory through a small meter: a child this process spawns starts out sharing its
        // memory, and the kernel counts that in the child's peak (`ru_maxrss`).
        let meter = try peakMeter()
        func peak(_ path: String, _ arguments: [String]) throws -> Double {
            let readings = try (0..<max(3, sizes.processRuns / 4)).map { _ in
                let printed = try Spawned.output(meter, [path] + arguments, environment: environment)
                guard let kilobytes = Double(printed.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                    throw BenchmarkError("\(path) \(arguments.joined(separator: " ")) failed under the memory meter")
                }
                return kilobytes
            }
            return median(readings)
        }
        let helloMemory = try peak(hello, [])
        let runMemory = try peak(shortcuts, ["run", file.path])

        var rows = [
            Figures.Row(
                measure: "`shortcuts run` of a one-action shortcut, whole process", goal: "≤ 1.1 × hello",
                figure: "\(milliseconds(runTime)) ms", reference: "\(milliseconds(helloTime)) ms Swift + Foundation hello",
                ratio: String(format: "%.2f", runTime / helloTime), verdict: verdict(runTime / helloTime <= 1.1)),
            Figures.Row(
                measure: "peak memory of that run", goal: "≤ 1.25 × hello",
                figure: megabytes(runMemory), reference: "\(megabytes(helloMemory)) hello",
                ratio: String(format: "%.2f", runMemory / helloMemory), verdict: verdict(runMemory / helloMemory <= 1.25)),
        ]
        if let (largest, actions) = try largestCorpusFile() {
            let viewMemory = try peak(shortcuts, ["view", largest])
            rows.append(
                Figures.Row(
                    measure: "peak memory of `view` on the largest corpus file (\(actions) actions)", goal: "≤ 1.5 × hello",
                    figure: megabytes(viewMemory), reference: "\(megabytes(helloMemory)) hello",
                    ratio: String(format: "%.2f", viewMemory / helloMemory), verdict: verdict(viewMemory / helloMemory <= 1.5)))
        }
        return rows
    }

    /// A Swift hello world that imports Foundation, built with `swiftc -O`.
    private func helloWorld() throws -> String {
        let source = scratch.appendingPathComponent("hello.swift")
        let executable = scratch.appendingPathComponent("hello").path
        try Data("import Foundation\nprint(\"Hello, World!\")\n".utf8).write(to: source)
        let built = try Spawned.run(
            try swiftCompiler(), ["-O", source.path, "-o", executable], environment: ProcessInfo.processInfo.environment)
        guard built.status == 0 else { throw BenchmarkError("swiftc could not build the hello world") }
        return executable
    }

    /// A program that runs another, its output on /dev/null, and prints the other's peak resident
    /// set in kilobytes (exiting 1 if it failed). Built without Foundation, so it is small and what
    /// its child starts out sharing with it barely counts.
    private func peakMeter() throws -> String {
        let source = scratch.appendingPathComponent("peak.swift")
        let executable = scratch.appendingPathComponent("peak").path
        if FileManager.default.isExecutableFile(atPath: executable) { return executable }
        let program = """
            import Glibc
            var pid: pid_t = 0
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            let argv: [UnsafeMutablePointer<CChar>?] = CommandLine.arguments.dropFirst().map { strdup($0) } + [nil]
            guard let program = argv[0], posix_spawn(&pid, program, &actions, nil, argv, environ) == 0 else { exit(127) }
            var status: Int32 = 0
            var usage = rusage()
            _ = wait4(pid, &status, 0, &usage)
            guard status == 0 else { exit(1) }
            print(usage.ru_maxrss)

            """
        try Data(program.utf8).write(to: source)
        let built = try Spawned.run(
            try swiftCompiler(), ["-O", source.path, "-o", executable], environment: ProcessInfo.processInfo.environment)
        guard built.status == 0 else { throw BenchmarkError("swiftc could not build the memory meter") }
        return executable
    }

    private func swiftCompiler() throws -> String {
        let swiftc = ["/usr/bin/swiftc"] + (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/swiftc" }
        guard let compiler = swiftc.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw BenchmarkError("swiftc is not on PATH; the hello world reference needs it")
        }
        return compiler
    }

    /// The corpus file with the most actions, and how many.
    private func largestCorpusFile() throws -> (String, Int)? {
        let folder =
            corpus
            ?? binaries.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared/corpus/shortcuts").path
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return nil }
        var best: (String, Int)?
        for name in names where name.hasSuffix(".shortcut") {
            let path = (folder as NSString).appendingPathComponent(name)
            guard let data = FileManager.default.contents(atPath: path),
                let document = try? ShortcutFile.open(data, path: path, ignoringSignature: true)
            else { continue }
            let count = document.workflow.actions.count
            if count > best?.1 ?? 0 { best = (path, count) }
        }
        return best
    }

    // MARK: App actions

    private func appActions() throws -> [Figures.Row] {
        let home = scratch.appendingPathComponent("apps-home").path
        var environment = ProcessInfo.processInfo.environment
        environment["SHORTCUTS_HOME"] = home
        environment["XDG_STATE_HOME"] = home + "/state"
        environment["SHORTCUTS_EXTENSION_IDLE_SECONDS"] = "600"
        // The app publishes its manifest when it runs, as a person's first run does.
        let published = try Spawned.run(try binary("benchmarkapp"), [], environment: environment)
        guard published.status == 0 else { throw BenchmarkError("benchmarkapp did not run") }
        let setup = RunSetup(environment: environment, caller: .benchmark)
        let runEnvironment = setup.environment(prompter: NoInteraction())
        let app = "org.swiftshortcuts.BenchmarkApp."

        func perCall(_ identifier: String, _ parameters: ParameterDictionary) throws -> Double {
            let once = try setup.compile(AppActionBenchmark.repeating(identifier, parameters, times: 1), name: "Once")
            let many = try setup.compile(AppActionBenchmark.repeating(identifier, parameters, times: sizes.appCalls + 1), name: "Many")
            _ = try setup.engine.run(many, environment: runEnvironment)
            var single: [Double] = []
            var repeated: [Double] = []
            for _ in 0..<sizes.appRounds {
                single += try Timings.measure(runs: 1, warmups: 0) { _ = try setup.engine.run(once, environment: runEnvironment) }.seconds
                repeated += try Timings.measure(runs: 1, warmups: 0) { _ = try setup.engine.run(many, environment: runEnvironment) }.seconds
            }
            return (median(repeated) - median(single)) / Double(sizes.appCalls)
        }
        let noOp = try perCall(app + "DoNothingIntent", [:])
        let list = try perCall(app + "ListItemsIntent", ["count": .plain(100)])
        let echo = try SocketEcho.roundTrip(calls: max(sizes.appCalls, 200), bytes: 120)

        // Cold: a host with no extension running, the first action spawns it.
        let cold = try (0..<sizes.coldStarts).map { _ in
            let host = ExtensionHost(configuration: .init(idleSeconds: 600, callTimeoutSeconds: 30, environment: environment))
            defer { host.stopAll() }
            let source = AppActionSource(home: home, environment: environment, host: host)
            let coldSetup = RunSetup(environment: environment, caller: .benchmark, apps: source)
            let program = try coldSetup.compile(AppActionBenchmark.repeating(app + "DoNothingIntent", [:], times: 1), name: "Cold")
            let coldEnvironment = coldSetup.environment(prompter: NoInteraction())
            return try Timings.measure(runs: 1, warmups: 0) { _ = try coldSetup.engine.run(program, environment: coldEnvironment) }
                .seconds[0]
        }
        let coldTime = median(cold)
        return [
            Figures.Row(
                measure: "warm no-op app action called from a shortcut", goal: "≤ 25 µs", figure: microseconds(noOp),
                reference: "\(microseconds(echo)) socket echo", ratio: String(format: "%.1f", noOp / echo), verdict: verdict(noOp <= 25e-6)),
            Figures.Row(
                measure: "the same returning 100 entities", goal: "≤ 150 µs", figure: microseconds(list),
                reference: "\(microseconds(echo)) socket echo", ratio: String(format: "%.1f", list / echo), verdict: verdict(list <= 150e-6)
            ),
            Figures.Row(
                measure: "cold first app action (extension started on demand)", goal: "≤ 5 ms", figure: "\(milliseconds(coldTime)) ms",
                reference: "\(microseconds(noOp)) warm", ratio: String(format: "%.0f", coldTime / noOp), verdict: verdict(coldTime <= 5e-3)),
        ]
    }

    // MARK: The library

    private func library() throws -> [Figures.Row] {
        let shortcuts = try binary("shortcuts")
        let count = sizes.libraryShortcuts
        let sources = scratch.appendingPathComponent("to-import")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        for number in 0..<count {
            let workflow = Workflow(actions: [
                WorkflowAction(
                    identifier: "is.workflow.actions.gettext", parameters: ["WFTextActionText": .plain(.string("Shortcut \(number)"))])
            ])
            try ShortcutFile.write(workflow).write(to: sources.appendingPathComponent(String(format: "Shortcut %04d.shortcut", number)))
        }
        let home = scratch.appendingPathComponent("library-home").path
        let environment = ["SHORTCUTS_HOME": home, "XDG_STATE_HOME": home + "/state", "PATH": "/usr/bin:/bin", "HOME": home]
        let copy = try Spawned.run(
            "/bin/cp", ["-r", sources.path, scratch.appendingPathComponent("copied").path], environment: environment)
        let imported = try Spawned.run(shortcuts, ["import", "--no-interaction", sources.path], environment: environment)
        guard imported.status == 0 else { throw BenchmarkError("shortcuts import of \(count) files failed") }
        let listed = try Spawned.output(shortcuts, ["list"], environment: environment)
        guard listed.split(separator: "\n").count == count else {
            throw BenchmarkError("shortcuts list printed \(listed.split(separator: "\n").count) shortcuts, expected \(count)")
        }
        var lists: [Double] = []
        var lsRuns: [Double] = []
        for _ in 0..<(sizes.processRuns + 3) {
            lists.append(try Spawned.run(shortcuts, ["list"], environment: environment).seconds)
            lsRuns.append(try Spawned.run("/bin/ls", ["-l", home + "/Shortcuts"], environment: environment).seconds)
        }
        let list = median(Array(lists.dropFirst(3)))
        let ls = median(Array(lsRuns.dropFirst(3)))
        return [
            Figures.Row(
                measure: "`shortcuts list` with \(grouped(Double(count))) shortcuts, whole process", goal: "≤ 25 ms",
                figure: "\(milliseconds(list)) ms", reference: "\(milliseconds(ls)) ms `ls -l` of the folder",
                ratio: String(format: "%.1f", list / ls), verdict: verdict(list <= 25e-3)),
            Figures.Row(
                measure: "`shortcuts import` of \(grouped(Double(count))) files in one call (a folder)", goal: "≤ 5 s",
                figure: "\(milliseconds(imported.seconds)) ms", reference: "\(milliseconds(copy.seconds)) ms `cp -r` of the files",
                ratio: String(format: "%.1f", imported.seconds / copy.seconds), verdict: verdict(imported.seconds <= 5)),
        ]
    }

    // MARK: The service

    private func service() throws -> [Figures.Row] {
        let daemon = try binary("shortcutsd")
        let home = scratch.appendingPathComponent("service-home")
        try FileManager.default.createDirectory(at: home.appendingPathComponent("Shortcuts"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: home.appendingPathComponent("runtime"), withIntermediateDirectories: true)
        try ShortcutFile.write(
            Workflow(actions: [WorkflowAction(identifier: "is.workflow.actions.gettext", parameters: ["WFTextActionText": .plain("Hello")])]
            )
        ).write(to: home.appendingPathComponent("Shortcuts/Hello.shortcut"))
        let bus = try PrivateSessionBus()
        defer { bus.stop() }
        var environment = ProcessInfo.processInfo.environment
        environment["SHORTCUTS_HOME"] = home.path
        environment["XDG_RUNTIME_DIR"] = home.path + "/runtime"
        environment["XDG_STATE_HOME"] = home.path + "/state"
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        environment["SHORTCUTS_SERVICE_IDLE_SECONDS"] = "0"
        let clientEnvironment = environment
        let service = try Spawned.start(daemon, [], environment: environment)
        defer { service.stop() }

        let events = ShortcutsEvents(startsService: false, environment: environment)
        let ready = Date().addingTimeInterval(10)
        while (try? events.run("Hello")) != "Hello" {
            guard Date() < ready else { throw BenchmarkError("shortcutsd did not answer within 10 s") }
            Thread.sleep(forTimeInterval: 0.02)
        }
        let single = try Timings.measure(runs: max(50, sizes.appCalls / 2), warmups: 20) { _ = try events.run("Hello") }

        /// Runs from `clients` threads for `duration` seconds: how many, and how long it took.
        func hammer(for duration: Double) throws -> (runs: Int, seconds: Double) {
            let completed = Atomic(0)
            let failed = Atomic(0)
            let deadline = Date().addingTimeInterval(duration)
            let start = ContinuousClock.now
            DispatchQueue.concurrentPerform(iterations: sizes.serviceClients) { _ in
                let client = ShortcutsEvents(startsService: false, environment: clientEnvironment)
                while Date() < deadline {
                    if (try? client.run("Hello")) == "Hello" { completed.add(1) } else { failed.add(1) }
                }
            }
            let elapsed = ContinuousClock.now - start
            guard failed.value == 0 else { throw BenchmarkError("\(failed.value) runs through shortcutsd failed") }
            return (completed.value, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
        }
        // Warmed up by clients as many as the measure's, so what is measured after is growth.
        _ = try hammer(for: sizes.serviceSeconds / 4)
        let before = service.resources()
        let clients = sizes.serviceClients
        let (runs, seconds) = try hammer(for: sizes.serviceSeconds)
        // At rest again: the last connections closed (they close a moment after their answers).
        var after = service.resources()
        let settled = Date().addingTimeInterval(3)
        while after.descriptors > before.descriptors, Date() < settled {
            usleep(20_000)
            after = service.resources()
        }
        let perSecond = Double(runs) / seconds
        return [
            Figures.Row(
                measure: "`shortcutsd`: runs/s of a one-action shortcut, \(clients) concurrent clients over the socket",
                goal: "≥ 10,000/s", figure: "\(grouped(perSecond))/s",
                reference: "\(grouped(1 / single.median))/s one client, one at a time",
                ratio: String(format: "%.1f", perSecond * single.median),
                verdict: verdict(perSecond >= 10_000)),
            Figures.Row(
                measure: "`shortcutsd` resident memory and descriptors across those \(grouped(Double(runs))) runs",
                goal: "flat", figure: "\(megabytes(Double(after.kilobytes))), \(after.descriptors) fds",
                reference: "\(megabytes(Double(before.kilobytes))), \(before.descriptors) fds before them (warmed up)",
                ratio: String(format: "%.2f", Double(after.kilobytes) / Double(before.kilobytes)),
                verdict: verdict(after.descriptors <= before.descriptors + 1 && Double(after.kilobytes) <= Double(before.kilobytes) * 1.1)),
        ]
    }

    // MARK: Formatting

    private func verdict(_ met: Bool) -> String { met ? "met" : "**missed**" }
    private func microseconds(_ seconds: Double) -> String { String(format: "%.1f µs", seconds * 1e6) }
    private func megabytes(_ kilobytes: Double) -> String { String(format: "%.1f MB", kilobytes / 1024) }
}

private func median(_ values: [Double]) -> Double { Timings(seconds: values).median }

/// A counter threads add to.
private final class Atomic: @unchecked Sendable {
    private let lock = NSLock()
    private var count: Int
    init(_ count: Int) { self.count = count }
    func add(_ amount: Int) { lock.withLock { count += amount } }
    var value: Int { lock.withLock { count } }
}
