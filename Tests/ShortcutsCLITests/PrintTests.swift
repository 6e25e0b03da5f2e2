import Foundation
import ShortcutsTestSupport
import Testing

/// A CUPS scheduler of the test's own: Debian's cupsd on a free loopback port, its files in a
/// temporary folder, keeping each job's files so a test can read what was printed.
final class CUPSServer {
    let folder: String
    let port: Int
    let process = Process()

    var address: String { "127.0.0.1:\(port)" }

    init(in folder: String) throws {
        self.folder = folder
        let probe = try ProcessRun.run(
            "/usr/bin/python3", ["-c", "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])"])
        port = try #require(Int(probe.output.trimmingCharacters(in: .whitespacesAndNewlines)))
        for name in ["spool", "cache", "state", "log", "root", "out"] {
            try FileManager.default.createDirectory(atPath: folder + "/" + name, withIntermediateDirectories: true)
        }
        try """
        Listen 127.0.0.1:\(port)
        LogLevel warn
        WebInterface No
        PreserveJobFiles Yes
        <Location />
          Order allow,deny
          Allow all
        </Location>
        <Policy default>
          <Limit All>
            Order deny,allow
          </Limit>
        </Policy>
        """.write(toFile: folder + "/root/cupsd.conf", atomically: true, encoding: .utf8)
        try """
        ServerRoot \(folder)/root
        RequestRoot \(folder)/spool
        CacheDir \(folder)/cache
        StateDir \(folder)/state
        ErrorLog \(folder)/log/error_log
        AccessLog \(folder)/log/access_log
        PageLog \(folder)/log/page_log
        FileDevice Yes
        Sandboxing Relaxed
        """.write(toFile: folder + "/root/cups-files.conf", atomically: true, encoding: .utf8)
        process.executableURL = URL(fileURLWithPath: "/usr/sbin/cupsd")
        process.arguments = ["-f", "-c", folder + "/root/cupsd.conf", "-s", folder + "/root/cups-files.conf"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // It answers once it listens.
        for _ in 0..<100 {
            if try lp(["lpstat", "-r"]).output.contains("is running") { return }
            usleep(50_000)
        }
        throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "cupsd did not start"])
    }

    deinit {
        // SIGKILL: the test runner's threads may leave SIGTERM ignored in the programs it starts.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    var isRunning: Bool { process.isRunning }

    /// Runs one of CUPS's own commands against this server.
    @discardableResult
    func lp(_ command: [String]) throws -> ProcessOutput {
        try ProcessRun.run("/usr/bin/env", ["CUPS_SERVER=\(address)"] + command)
    }

    /// Adds a queue (raw: jobs go to a file as they are) and makes it the default when asked.
    func addQueue(_ name: String, isDefault: Bool) throws {
        let added = try lp(["/usr/sbin/lpadmin", "-p", name, "-E", "-v", "file://\(folder)/out/\(name).prn", "-m", "raw"])
        #expect(added.status == 0, "\(added.error)")
        if isDefault { try lp(["/usr/sbin/lpadmin", "-d", name]) }
    }

    /// The jobs' kept document files, in order, and their control files (the job's IPP attributes).
    func jobs() -> [(document: Data, attributes: Data)] {
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder + "/spool")) ?? []).sorted()
        return files.filter { $0.hasPrefix("c") }.map { control in
            let number = control.dropFirst()
            let document = FileManager.default.contents(atPath: folder + "/spool/d\(number)-001") ?? Data()
            return (document, FileManager.default.contents(atPath: folder + "/spool/" + control) ?? Data())
        }
    }
}

/// Print through the built `shortcuts` and a real CUPS scheduler.
@Suite(.serialized) struct PrintTests {
    let runner: CommandRunner
    let cups: CUPSServer

    init() throws {
        runner = try CommandRunner()
        cups = try CUPSServer(in: runner.directory.path + "/cups")
        runner.extraEnvironment["CUPS_SERVER"] = cups.address
    }

    func run(_ source: String, _ arguments: [String] = []) throws -> CommandResult {
        let file = try runner.write(Data("\(source)\n".utf8), to: "print-\(UUID().uuidString).sct")
        return try runner.run(["run", file] + arguments)
    }

    /// Waits until CUPS has finished the number of jobs and saved them: it writes a job's control
    /// file a moment after the job, and its document as the document arrives.
    func jobs(_ count: Int) throws -> [(document: Data, attributes: Data)] {
        for _ in 0..<200 {
            let completed = try cups.lp(["lpstat", "-W", "completed", "-o"]).output
            let found = cups.jobs()
            if completed.split(separator: "\n").count >= count, found.count >= count { return found }
            usleep(50_000)
        }
        return cups.jobs()
    }

    @Test func itemsGoToTheDefaultPrinterAsTheirKind() throws {
        try cups.addQueue("Office", isDefault: true)
        try cups.addQueue("Attic", isDefault: false)
        let rich = try run(
            ##"md = is.workflow.actions.getrichtextfrommarkdown WFInput: "# Quarterly report\n\nAll is well."\##nis.workflow.actions.print WFInput: md"##
        )
        #expect(rich.status == 0, "\(rich.error)")
        let text = try run(#"is.workflow.actions.print WFInput: "Buy milk""#)
        #expect(text.status == 0, "\(text.error)")
        // A file whose name has a space (which Debian 12's cupsd can't take as a document name).
        let spaced = try runner.write(Data("%PDF-1.4 not really\n".utf8), to: "two words.pdf")
        let file = try run(
            "@input file\nis.workflow.actions.print WFInput: ShortcutInput", ["-i", spaced, "--allow-reading", runner.directory.path])
        #expect(file.status == 0, "\(file.error)")
        let printed = try jobs(3)
        try #require(printed.count == 3)
        // Rich text went as a PDF the browser drew, with its words in it.
        #expect(printed[0].document.starts(with: Data("%PDF-".utf8)))
        let pdf = runner.directory.path + "/printed.pdf"
        try printed[0].document.write(to: URL(fileURLWithPath: pdf))
        let words = try ProcessRun.run("/usr/bin/pdftotext", [pdf, "-"])
        #expect(words.output.contains("Quarterly report") && words.output.contains("All is well."), "\(words.output)")
        #expect(printed[1].document == Data("Buy milk".utf8))
        #expect(printed[2].document == Data("%PDF-1.4 not really\n".utf8))
        // Each job is titled by what it printed, on the default queue.
        #expect(printed[1].attributes.range(of: Data("Buy milk.txt".utf8)) != nil)
        #expect(printed[2].attributes.range(of: Data("two words.pdf".utf8)) != nil)
        #expect(printed.allSatisfy { $0.attributes.range(of: Data("/printers/Office".utf8)) != nil })
        #expect(cups.isRunning)
    }

    @Test func withoutADefaultThePersonChooses() throws {
        try cups.addQueue("Office", isDefault: false)
        try cups.addQueue("Attic", isDefault: false)
        let answers = try runner.write(Data("Attic\n".utf8), to: "answers.txt")
        let chosen = try run(#"is.workflow.actions.print WFInput: "Upstairs""#, ["--answers", answers])
        #expect(chosen.status == 0, "\(chosen.error)")
        let printed = try jobs(1)
        #expect(printed.count == 1 && printed[0].attributes.range(of: Data("/printers/Attic".utf8)) != nil)
    }

    @Test func printDocumentsGoesToThePrinterNamed() throws {
        try cups.addQueue("Office", isDefault: true)
        try cups.addQueue("Attic", isDefault: false)
        let named = try run(#"com.apple.printcenter.PrintDocuments documents: "Attic copy", printer: "attic""#)
        #expect(named.status == 0, "\(named.error)")
        let printed = try jobs(1)
        #expect(printed.count == 1 && printed[0].attributes.range(of: Data("/printers/Attic".utf8)) != nil)
        let unknown = try run(#"com.apple.printcenter.PrintDocuments documents: "x", printer: "Cellar""#)
        #expect(
            unknown.status == 1 && unknown.error.contains("CUPS has no printer “Cellar”") && unknown.error.contains("printer"),
            "\(unknown.error)")
    }

    @Test func noPrinterOrNoLibrarySaysWhy() throws {
        let none = try run(#"is.workflow.actions.print WFInput: "x""#)
        #expect(none.status == 1 && none.error.contains("no printer is set up in CUPS"), "\(none.error)")
        runner.extraEnvironment["SHORTCUTS_LIBCUPS"] = "libcups-hidden-for-the-test.so"
        let missing = try run(#"is.workflow.actions.print WFInput: "x""#)
        #expect(missing.status == 1 && missing.error.contains("apt-get install libcups2"), "\(missing.error)")
    }
}
