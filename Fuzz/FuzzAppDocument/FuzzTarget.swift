import Foundation
import ShortcutFormat
import ShortcutsApp
import ShortcutsRPC
import ShortcutsRun

/// libFuzzer's entry point for the app's editor documents. A shortcut file is sent through the
/// page's JSON form and must come back the same; any other input is read as the page's JSON
/// (what a page, or anyone holding the secret, may send to save) and, when it makes a workflow,
/// must make the same workflow again once sent back round. Errors are expected; crashes, hangs,
/// leaks and a changed shortcut are the bugs.
///
/// Build and run with `Scripts/fuzz.sh SECONDS FuzzAppDocument`; libFuzzer supplies `main`.
let metadata = Dictionary(RunSetup.builtinMetadata.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })

func roundTrip(_ workflow: Workflow) -> Workflow? {
    let sent = EditorDocument.json(of: workflow, metadata: { metadata[$0] }).data
    guard let received = JSONValue(parsing: sent)?.arrayValue else { preconditionFailure("the page's JSON doesn't parse back") }
    return try? EditorDocument.workflow(from: received, settings: workflow.settings)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAppDocument(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    if let workflow = try? ShortcutFile.read(data, path: "fuzz").workflow {
        precondition(roundTrip(workflow) == workflow, "a shortcut changed on its way through the editor")
        return 0
    }
    guard let actions = JSONValue(parsing: data)?.arrayValue,
        let workflow = try? EditorDocument.workflow(from: actions, settings: Workflow.defaultSettings)
    else { return 0 }
    // What is saved is the file: read back, sent to a page and received again, it writes the same bytes.
    let saved = ShortcutFile.write(workflow)
    guard let reread = try? ShortcutFile.read(saved, path: "saved").workflow else { preconditionFailure("a saved workflow can't be read") }
    precondition(roundTrip(reread).map { ShortcutFile.write($0) } == saved, "a saved workflow changed when opened again")
    return 0
}
