import Foundation
import Testing

/// `shortcuts ask` with the built example apps, as a person would use it after running each app
/// once: App Shortcuts' phrases with their parameters, a library shortcut by name, questions for
/// what the phrase left out, and phrases that match nothing or too much.
@Suite(.serialized) struct AskCommandTests {
    let binaries: BuiltBinaries

    init() throws {
        binaries = try BuiltBinaries()
        for app in ["soupertask", "askmeanything"] {
            let first = try binaries.run(app, app == "soupertask" ? ["list"] : ["hello"])
            #expect(first.status == 0, "\(app): \(first.error)")
        }
    }

    @Test func aPhraseRunsItsAppShortcutWithTheParameterItNames() throws {
        let topic = try binaries.run("shortcuts", ["ask", "What does Ask Me Anything know about the meaning of life?"])
        #expect(topic.status == 0, "\(topic.error)")
        #expect(topic.output == "42.\n")
        #expect(topic.error.hasPrefix("Running “Ask About a Topic” (AskMeAnything) with topic = meaningOfLife\n"), "\(topic.error)")
        let typo = try binaries.run("shortcuts", ["ask", "ask askmeanythin about swfit"])
        #expect(typo.output == "Swift is a general-purpose programming language.\n", "\(typo.error)")

        let added = try binaries.run("soupertask", ["add", "Buy milk", "--due", "2031-05-05T09:00:00Z"])
        #expect(added.status == 0, "\(added.error)")
        let open = try binaries.run("shortcuts", ["ask", "Open buy milk in SouperTask"])
        #expect(open.output == "Buy milk\n", "\(open.error)")
        let missing = try binaries.run("shortcuts", ["ask", "Open sell the car in SouperTask", "--no-interaction"])
        #expect(missing.status == 1)
        #expect(missing.error.contains("parameter task: SouperTask has no Task matching \"sell the car\""), "\(missing.error)")
    }

    @Test func whatThePhraseLeavesOutIsAskedFor() throws {
        let answers = try binaries.write(Data("What is Linux?\n".utf8), to: "answers.txt")
        let asked = try binaries.run("shortcuts", ["ask", "Ask AskMeAnything a question", "--answers", answers])
        #expect(asked.status == 0, "\(asked.error)")
        #expect(asked.output == "Linux is an operating system kernel.\n")
        let refused = try binaries.run("shortcuts", ["ask", "Ask AskMeAnything a question", "--no-interaction"])
        #expect(refused.status == 1)
        #expect(refused.error.contains("parameter question: needs an answer to \"What would you like to ask?\""), "\(refused.error)")
        let history = try binaries.run("shortcuts", ["runs", "--json"])
        #expect(history.output.contains("\"trigger\":\"Ask\""), "\(history.output)")
    }

    @Test func aShortcutIsFoundByItsNameAndCloseOrNoMatchesRunNothing() throws {
        let text = try binaries.write(Data("Text \"Good morning\"\n".utf8), to: "Morning.sct")
        for name in ["Good Morning", "Good Mourning"] {
            let imported = try binaries.run("shortcuts", ["import", text, "--name", name])
            #expect(imported.status == 0, "\(imported.error)")
        }
        let exact = try binaries.run("shortcuts", ["ask", "good morning!"])
        #expect(exact.output == "Good morning\n", "\(exact.error)")
        let close = try binaries.run("shortcuts", ["ask", "good mornin"])
        #expect(close.status == 1)
        #expect(close.output.isEmpty)
        #expect(close.error.contains("could mean any of these, so nothing ran"), "\(close.error)")
        #expect(close.error.contains("“Good Morning”") && close.error.contains("“Good Mourning”"), "\(close.error)")
        let none = try binaries.run("shortcuts", ["ask", "order a pizza"])
        #expect(none.status == 1)
        #expect(none.error.contains("No shortcut or App Shortcut matches “order a pizza”, so nothing ran"), "\(none.error)")
        let runs = try binaries.run("shortcuts", ["runs", "--json"])
        #expect(!runs.output.contains("pizza"))
    }

    /// Part of two names names both and runs neither; part of one name says which it could be.
    @Test func partOfNamesNamesWhatItCouldMean() throws {
        let text = try binaries.write(Data("Text \"Backed up\"\n".utf8), to: "Backup.sct")
        for name in ["Backup Notes", "Backup Photos", "Tidy Downloads"] {
            let imported = try binaries.run("shortcuts", ["import", text, "--name", name])
            #expect(imported.status == 0, "\(imported.error)")
        }
        let both = try binaries.run("shortcuts", ["ask", "backup"])
        #expect(both.status == 1)
        #expect(both.output.isEmpty)
        #expect(both.error.contains("“backup” could mean any of these, so nothing ran"), "\(both.error)")
        #expect(both.error.contains("  “Backup Notes”\n  “Backup Photos”"), "\(both.error)")
        let one = try binaries.run("shortcuts", ["ask", "tidy"])
        #expect(one.status == 1)
        #expect(one.error.contains("“tidy” could mean “Tidy Downloads”, so nothing ran; say all of its name to run it"), "\(one.error)")
    }

    /// On a terminal the answer is shown once: the dialog, which the output only repeats.
    /// Piped, the output is still written (scripts read it).
    @Test func onATerminalTheAnswerIsShownOnce() throws {
        let shown = try binaries.runInTerminal(["ask", "Ask AskMeAnything about swift"], answering: [])
        #expect(shown.status == 0, "\(shown.output)")
        #expect(shown.output.components(separatedBy: "Swift is a general-purpose programming language.").count == 2, "\(shown.output)")
        let piped = try binaries.run("shortcuts", ["ask", "Ask AskMeAnything about swift"])
        #expect(piped.output == "Swift is a general-purpose programming language.\n", "\(piped.error)")
    }
}
