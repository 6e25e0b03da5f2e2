import Foundation
import ShortcutFormat
import ShortcutsContent
import ShortcutsDesktop
import ShortcutsEngine
import ShortcutsLibrary
import ShortcutsPlatform
import ShortcutsRun
import Synchronization

/// `shortcuts ask`: runs the shortcut or App Shortcut a phrase names, as Siri does with what is
/// said to it.
///
/// ```text
/// $ shortcuts ask "Ask AskMeAnything about Swift"
/// Running “Ask About a Topic” (AskMeAnything) with topic = swift
/// Swift is a general-purpose programming language.
/// ```
enum AskCommand {
    static let spec = CommandSpec(
        name: "ask", abstract: "Run the shortcut or App Shortcut a phrase names.",
        discussion: """
            The phrase is matched against your shortcuts' names and the installed apps' App Shortcut \
            phrases, forgiving case, punctuation and small typos. What the phrase names (a topic, a \
            task) fills the App Shortcut's parameter; what it leaves out is asked for as the action \
            runs. What matched is said on standard error. When nothing matches, or several match \
            about as well, nothing runs and the status is 1.
            """,
        arguments: [ArgumentSpec("phrase", help: "What you would say, e.g. \"Ask AskMeAnything a question\".")],
        // The same as run's: ask runs what the phrase names as run would.
        options: [RunCommand.inputPath, RunCommand.noInteraction, RunCommand.answers])

    static func run(_ arguments: ParsedArguments, environment: [String: String]) throws -> Int32 {
        let phrase = arguments.positionals[0]
        let setup = RunSetup.commandLine(environment)
        let catalog = try DesktopCatalog.of(setup)
        switch catalog.understand(phrase) {
        case .none:
            throw CommandFailure(
                "No shortcut or App Shortcut matches “\(phrase)”, so nothing ran; `shortcuts list` shows your shortcuts "
                    + "and `shortcuts actions` the apps' actions")
        case .ambiguous(let entries) where entries.count == 1:
            throw CommandFailure("“\(phrase)” could mean \(entries[0].label), so nothing ran; say all of its name to run it")
        case .ambiguous(let entries):
            throw CommandFailure(
                "“\(phrase)” could mean any of these, so nothing ran; say more of the one you mean:\n"
                    + entries.map { "  \($0.label)" }.joined(separator: "\n"))
        case .matched(let entry, let parameters):
            let named = parameters.sorted { $0.key < $1.key }.map { "\($0.key) = \($0.value)" }
            Console.err("Running \(entry.label)" + (named.isEmpty ? "" : " with " + named.joined(separator: ", ")) + "\n")
            let input = try RunInput.content(paths: arguments[RunCommand.inputPath], standardInputIsTerminal: Console.isTerminal(0))
            let prompter = try RunCommand.makePrompter(
                answers: arguments[RunCommand.answers], noInteraction: arguments[RunCommand.noInteraction], environment: environment)
            // What the action said (its dialog) is shown as Siri would show it; the output, when
            // it only repeats that on the same terminal, is not printed a second time.
            let shown = Shown()
            let show: @Sendable (String) -> Void = { text in
                shown.last.withLock { $0 = text }
                RunSetup.showOnStandardError(text)
            }
            let output: Content
            switch entry.target {
            case .appShortcut:
                let workflow = entry.appWorkflow(parameters: parameters) ?? Workflow()
                output = try setup.run(
                    setup.compile(workflow, name: entry.title), input: input, prompter: prompter,
                    running: RunningShortcut(name: entry.title, identifier: nil), cancellation: Interruption.install(), show: show,
                    trigger: "Ask")
            case .shortcut(let identifier):
                let shortcut = try ShortcutResolver.resolve(identifier, setup: setup)
                output = try setup.run(
                    setup.compile(shortcut.workflow, name: shortcut.label), input: input, prompter: prompter, running: shortcut.running,
                    asksForAccess: !(prompter is NoInteraction || prompter is DesktopPrompter), cancellation: Interruption.install(),
                    show: show, trigger: "Ask")
            }
            var data = try RunOutput.data(for: output, type: nil)
            let repeatsWhatWasShown =
                !output.isFile && Console.isTerminal(1) && Console.isTerminal(2)
                && shown.last.withLock { $0 }?.trimmingCharacters(in: .whitespacesAndNewlines)
                    == String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if !data.isEmpty, !repeatsWhatWasShown {
                if !output.isFile, data.last != 0x0A { data.append(0x0A) }
                Console.write(data, to: Console.output)
            }
            return 0
        }
    }
}

/// The last text a run showed (its dialog).
private final class Shown: Sendable {
    let last = Mutex<String?>(nil)
}

extension DesktopCatalog {
    /// What the run setup's library and apps offer to search and phrases.
    static func of(_ setup: RunSetup) throws -> DesktopCatalog {
        let library = setup.library
        let settings: LibrarySettings
        do {
            settings = try LibrarySettings.read(from: library.settingsPath)
        } catch {
            throw CommandFailure(error.message)
        }
        return DesktopCatalog(shortcuts: try library.summaries(), settings: settings, apps: setup.apps.manifests)
    }
}
