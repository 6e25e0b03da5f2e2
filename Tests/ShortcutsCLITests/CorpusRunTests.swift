import Foundation
import ShortcutsTestSupport
import Testing

/// Every real shortcut of `../shared/corpus/shortcuts` run through the built `shortcuts` with
/// `--no-interaction`, no network (every proxy points at a closed port) and no desktop: none may
/// stop at an action the catalog (`../shared/reference/action-catalog.tsv`) marks feasible in any
/// way (now, with a library, with a desktop), unless only the missing network, person, desktop
/// or helper shortcut stops it, or it is in ``knownFailures``, a list that may only shrink.
@Suite(.serialized) struct CorpusRunTests {
    /// The files that still stop at a feasible action, with the action and why.
    static let knownFailures: [String: (action: String, why: String)] = [
        "38-sr-play-channel": (
            "is.workflow.actions.number",
            "its set-up question's default answer is empty, so Number has no number; Apple makes the person answer first"
        )
    ]

    /// The region each file's author used, where its behaviour depends on it.
    static let regions = ["17-time-percent": "zh_CN.UTF-8"]

    /// What stops a run for want of something outside it, not for want of code.
    static let environmental = [
        "needs a choice for", "needs an answer to", "needs a confirmation of", "Failed to connect", "this run has no network",
        "no clipboard tool found", "xdg-open is not installed", "there is no shortcut named", "this app action isn't available",
        "Could not resolve", "Couldn't connect", "there is no X display", "isn't running here", "reaches no desktop service",
        "is a desktop session running", "there is no camera", "no speech program found", "can't connect to the system bus",
    ]

    static let catalog: [String: String] = {
        let path = SharedCorpus.root.appendingPathComponent("../reference/action-catalog.tsv").standardizedFileURL.path
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [:] }
        var feasibility: [String: String] = [:]
        for line in text.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            if fields.count > 3 { feasibility[String(fields[0])] = String(fields[3]) }
        }
        return feasibility
    }()

    static let files = SharedCorpus.files(in: "shortcuts", endingWith: ".shortcut")

    @Test func noCorpusShortcutStopsAtAFeasibleAction() throws {
        SharedCorpus.report(Self.files.count, from: "shortcuts", suite: "CorpusRunTests")
        if SharedCorpus.isRequired { #expect(!Self.catalog.isEmpty, "the action catalog is missing from ../shared/reference") }
        var stillFailing: Set<String> = []
        for file in Self.files {
            let name = file.deletingPathExtension().lastPathComponent
            let shell = try CommandRunner()
            for key in ["http_proxy", "https_proxy", "HTTPS_PROXY", "HTTP_PROXY", "ALL_PROXY", "all_proxy"] {
                shell.extraEnvironment[key] = "http://127.0.0.1:9"
            }
            for key in ["SHORTCUTS_SERVICE_IP_ECHO", "SHORTCUTS_SERVICE_ITUNES"] { shell.extraEnvironment[key] = "http://127.0.0.1:9" }
            shell.extraEnvironment["DISPLAY"] = ""
            shell.extraEnvironment["WAYLAND_DISPLAY"] = ""
            shell.extraEnvironment["PATH"] = "/usr/bin:/bin"
            if let region = Self.regions[name] { shell.extraEnvironment["LANG"] = region }
            let result = try shell.run(["run", file.path, "--no-interaction"], timeout: 60)
            guard result.status != 0 else { continue }
            let error = result.error.split(separator: "\n").last { $0.hasPrefix("Error: ") }.map(String.init) ?? result.error
            guard let identifier = Self.identifier(in: error), let feasibility = Self.catalog[identifier], feasibility != "not-feasible"
            else { continue }
            if Self.environmental.contains(where: { error.contains($0) }) { continue }
            if let known = Self.knownFailures[name], known.action == identifier {
                stillFailing.insert(name)
                continue
            }
            Issue.record("\(name) stops at \(identifier), which the catalog marks \(feasibility): \(error)")
        }
        for name in Self.knownFailures.keys.sorted() where !stillFailing.contains(name) {
            Issue.record("\(name) no longer stops at \(Self.knownFailures[name]!.action): take it off knownFailures")
        }
    }

    /// The action identifier an error names: `action 3 (is.workflow.actions.x, "Title")`.
    static func identifier(in error: String) -> String? {
        guard let start = error.range(of: ": action ") else { return nil }
        let rest = error[start.upperBound...]
        guard let open = rest.firstIndex(of: "(") else { return nil }
        let afterOpen = rest[rest.index(after: open)...]
        let end = afterOpen.firstIndex { $0 == "," || $0 == ")" } ?? afterOpen.endIndex
        return String(afterOpen[..<end])
    }
}
