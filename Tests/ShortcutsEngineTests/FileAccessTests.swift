import Foundation
import ShortcutsContent
import ShortcutsTestSupport
import Synchronization
import Testing

@testable import ShortcutsEngine

/// The rules of ``FileAccess`` on their own: what a grant covers, what asking does, and what a
/// run passes on to a shortcut it runs.
struct FileAccessTests {
    let folder: TemporaryHome

    init() throws {
        folder = try TemporaryHome(prefix: "file-access")
        for path in ["granted/sub", "reading", "elsewhere"] {
            try FileManager.default.createDirectory(atPath: root + "/" + path, withIntermediateDirectories: true)
        }
    }

    /// The temporary folder with its links resolved (`/tmp` may be one).
    var root: String { FileAccess.resolvingLinks(folder.directory.path) }

    func access(
        identifier: String? = "ID", ask: (@Sendable (FileAccessQuestion) throws -> FileAccessAnswer)? = nil,
        remember: (@Sendable (FolderGrant) throws -> Void)? = nil
    ) -> FileAccess {
        FileAccess(
            shortcut: .init(name: "Backup", identifier: identifier),
            grants: [FolderGrant(path: root + "/granted"), FolderGrant(path: root + "/reading", readOnly: true)], home: root,
            remedies: .init(
                grantCommand: "shortcuts settings --allow {shortcut} --folder {folder}", oneRunOption: "--allow-folder {folder}"),
            ask: ask, remember: remember)
    }

    func refusal(_ body: () throws -> Void) -> ActionFailure? {
        do {
            try body()
            return nil
        } catch let failure as ActionFailure {
            return failure
        } catch {
            Issue.record("unexpected \(error)")
            return nil
        }
    }

    @Test func grantsCoverWhatIsInsideForTheirUse() throws {
        let access = access()
        try access.check(root + "/granted/sub/new.txt", .write, parameter: "P")
        try access.check(root + "/granted", .list, parameter: "P")
        try access.check(root + "/reading/a.txt", .read, parameter: "P")
        let write = refusal { try access.check(root + "/reading/a.txt", .write, parameter: "WFFilePath") }
        #expect(write?.code == .notPermitted && write?.parameter == "WFFilePath")
        #expect(
            write?.message
                == "can't write ~/reading/a.txt: “Backup” may write only its input, files picked while it runs, the Shortcuts folder and folders it was allowed; to allow ~/reading: shortcuts settings --allow Backup --folder ~/reading, or run it with --allow-folder ~/reading"
        )
        // A sibling whose name starts the same is not inside.
        let refused1 = refusal { try access.check(root + "/granted-not/a.txt", .read, parameter: nil) }
        #expect(refused1 != nil)
        let refused2 = refusal { try access.check(root + "/granted/../elsewhere/a.txt", .read, parameter: nil) }
        #expect(refused2 != nil)
        let list = refusal { try access.check(root + "/elsewhere", .list, parameter: nil) }
        #expect(list?.message.contains("--folder ~/elsewhere --read-only") == true, "\(list?.message ?? "")")
    }

    @Test func aLinkIsJudgedByWhereItLeads() throws {
        try FileManager.default.createSymbolicLink(atPath: root + "/granted/out", withDestinationPath: root + "/elsewhere")
        let access = access()
        let refused = refusal { try access.check(root + "/granted/out/a.txt", .write, parameter: nil) }
        #expect(refused?.message.hasPrefix("can't write ~/elsewhere/a.txt") == true, "\(refused?.message ?? "")")
        try FileManager.default.createSymbolicLink(atPath: root + "/elsewhere/in", withDestinationPath: root + "/granted")
        try access.check(root + "/elsewhere/in/a.txt", .write, parameter: nil)
    }

    @Test func answersAllowForTheRunForGoodOrNot() throws {
        let asked = Mutex<[FileAccessQuestion]>([])
        let remembered = Mutex<[FolderGrant]>([])
        let answers = Mutex<[FileAccessAnswer]>([.deny, .once, .always])
        let access = access(
            ask: { question in
                asked.withLock { $0.append(question) }
                return answers.withLock { $0.removeFirst() }
            }, remember: { grant in remembered.withLock { $0.append(grant) } })
        let denied = refusal { try access.check(root + "/elsewhere/a.txt", .write, parameter: nil) }
        #expect(denied?.message == "can't write ~/elsewhere/a.txt: you didn't allow “Backup” to write to ~/elsewhere")
        try access.check(root + "/elsewhere/a.txt", .write, parameter: nil)
        // Once covers the rest of the run without asking again.
        try access.check(root + "/elsewhere/b.txt", .write, parameter: nil)
        #expect(asked.withLock { $0.count } == 2)
        #expect(remembered.withLock { $0.isEmpty })
        try access.check(root + "/reading/a.txt", .write, parameter: nil)
        #expect(remembered.withLock { $0 } == [FolderGrant(path: root + "/reading")])
        let questions = asked.withLock { $0 }
        #expect(
            questions.map(\.prompt) == [
                "Allow “Backup” to write to ~/elsewhere?", "Allow “Backup” to write to ~/elsewhere?",
                "Allow “Backup” to write to ~/reading?",
            ])
        #expect(questions.allSatisfy { $0.canRemember })
        // A shortcut outside the library can't be remembered.
        let file = self.access(
            identifier: nil,
            ask: { question in
                #expect(!question.canRemember)
                return .deny
            }, remember: { _ in Issue.record("remembered a grant for a file") })
        let refused = refusal { try file.check(root + "/elsewhere/a.txt", .read, parameter: nil) }
        #expect(refused != nil)
    }

    @Test func aRunPassesOnOnlyWhatItMayUseItself() throws {
        let caller = access()
        let called = FileAccess(shortcut: .init(name: "Called", identifier: nil), grants: [], home: root)
        func file(_ path: String) -> Content { .file(FileContent(name: "f", data: Data(), path: path)) }
        called.allowItems(
            in: .list([file(root + "/granted/a.txt"), file(root + "/reading/b.txt"), file(root + "/elsewhere")]), passedBy: caller)
        try called.check(root + "/granted/a.txt", .write, parameter: nil)
        try called.check(root + "/reading/b.txt", .read, parameter: nil)
        let refused3 = refusal { try called.check(root + "/reading/b.txt", .write, parameter: nil) }
        #expect(refused3 != nil)
        let refused4 = refusal { try called.check(root + "/elsewhere/c.txt", .read, parameter: nil) }
        #expect(refused4 != nil)
        // The run's own input is its to use, a folder with what is in it.
        called.allowItems(in: file(root + "/elsewhere"))
        try called.check(root + "/elsewhere/c.txt", .write, parameter: nil)
    }

    @Test func unrestrictedAllowsEverything() throws {
        try FileAccess.unrestricted.check("/etc/passwd", .read, parameter: nil)
        try FileAccess.unrestricted.check("/nowhere/x", .write, parameter: nil)
    }

    @Test func shownPathsAreShortAndQuotedForTheShell() {
        #expect(FileAccess.shown("/home/ada/Notes", home: "/home/ada") == "~/Notes")
        #expect(FileAccess.shown("/home/adam/Notes", home: "/home/ada") == "/home/adam/Notes")
        #expect(FileAccess.shellQuoted("~/My Notes") == "~/'My Notes'")
        #expect(FileAccess.shellQuoted("Ada's") == #"'Ada'\''s'"#)
        #expect(FileAccess.shellQuoted("Backup") == "Backup")
    }
}
