import Foundation
import ShortcutsEngine
import ShortcutsRun

// A writer of the run history for its tests: runs a text shortcut N times through the one run
// setup every front end uses, each run recorded as `shortcuts run` records it, so several of
// these at once are several processes writing the history.
//
//     history-writer <file.sct> <count>
let arguments = CommandLine.arguments
guard arguments.count == 3, let count = Int(arguments[2]), count > 0,
    let source = try? String(contentsOfFile: arguments[1], encoding: .utf8)
else {
    FileHandle.standardError.write(Data("usage: history-writer <file.sct> <count>\n".utf8))
    exit(2)
}
let setup = RunSetup(
    environment: ProcessInfo.processInfo.environment, caller: .commandLine,
    warn: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
guard let workflow = setup.compileText(source, path: arguments[1]).workflow else {
    FileHandle.standardError.write(Data("\(arguments[1]) doesn't compile\n".utf8))
    exit(1)
}
do {
    let program = try setup.compile(workflow, name: "Writer")
    for _ in 0..<count {
        _ = try setup.run(program, input: .text("\(getpid())"), prompter: NoInteraction(), trigger: "history-writer")
    }
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
