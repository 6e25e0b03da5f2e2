import ActionTestSupport
import Foundation
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine
import Testing

@testable import BuiltinActions
@testable import ShortcutsPlatform

/// Ask, alerts, results, notifications, the clipboard, Wait, Speak Text and device details.
@Suite struct InteractionActionsTests {
    typealias T = SystemTest

    func ask(_ answer: String, type: String?, prompter: ScriptedPrompter? = nil) throws -> Content {
        let prompter = prompter ?? ScriptedPrompter(answers: [answer])
        var parameters: [String: ParameterValue] = ["WFAskActionPrompt": T.text("Question?")]
        parameters["WFInputType"] = type.map(T.text)
        return try T.run("ask", parameters, environment: T.environment(prompter: prompter))
    }

    @Test func askReturnsTypedAnswers() throws {
        let prompter = ScriptedPrompter(answers: ["Ada"])
        let parameters: [String: ParameterValue] = ["WFAskActionPrompt": T.text("Name?"), "WFAskActionDefaultAnswer": T.text("Bob")]
        #expect(try T.run("ask", parameters, environment: T.environment(prompter: prompter)) == .text("Ada"))
        #expect(prompter.asked.first?.prompt == "Name?")
        #expect(prompter.asked.first?.defaultAnswer == "Bob")
        #expect(prompter.asked.first?.inputType == "Text")

        #expect(try ask("1,234.5", type: "Number") == .number(1234.5))
        #expect(try ask("example.com/x", type: "URL") == .url(URL(string: "https://example.com/x")!))
        #expect(try ask("2026-06-01 09:00", type: "Date and Time") == .date(Date(timeIntervalSince1970: 1_780_304_400)))
        let typed = ScriptedPrompter(answers: ["9:30"])
        _ = try ask("", type: "Time", prompter: typed)
        #expect(typed.asked.first?.inputType == "Time")
    }

    @Test func askRejectsAnswersOfTheWrongType() {
        let error = T.failure { try ask("lots", type: "Number") }
        #expect(error?.parameter == "WFInputType")
        #expect(error?.message.contains("lots") == true)
    }

    @Test func noInteractionNamesTheAction() {
        let error = T.failure { try T.run("ask", ["WFAskActionPrompt": T.text("Name?")]) }
        #expect(error?.code == .needsInteraction)
        #expect(error?.actionIdentifier == "is.workflow.actions.ask")
        #expect(error?.actionTitle == "Ask for Input")
        #expect(error?.description.contains("Name?") == true)
    }

    @Test func alertCancelStopsTheShortcut() throws {
        let parameters: [String: ParameterValue] = ["WFAlertActionTitle": T.text("Delete?"), "WFAlertActionMessage": T.text("Really")]
        let cancel = ScriptedPrompter(confirmations: [false])
        let error = T.failure { try T.run("alert", parameters, input: .text("x"), environment: T.environment(prompter: cancel)) }
        #expect(error?.code == .cancelled)
        #expect(cancel.confirmed.first?.allowsCancel == true)

        let accept = ScriptedPrompter(confirmations: [true])
        #expect(try T.run("alert", parameters, input: .text("x"), environment: T.environment(prompter: accept)) == .text("x"))
        #expect(accept.confirmed.first?.title == "Delete?")
        #expect(accept.confirmed.first?.message == "Really")

        // Without a cancel button there is nothing to decide, so even a run that can't ask goes on.
        var noCancel = parameters
        noCancel["WFAlertActionCancelButtonShown"] = T.bool(false)
        #expect(try T.run("alert", noCancel, input: .text("x")) == .text("x"))
        let blocked = T.failure { try T.run("alert", parameters) }
        #expect(blocked?.code == .needsInteraction)
    }

    @Test func menuChoiceUsesThePrompter() throws {
        let group = "G1"
        let start = T.action(
            "choosefrommenu",
            [
                "WFMenuPrompt": T.text("Pick"), "WFMenuItems": .array([T.text("One"), T.text("Two")]),
                "GroupingIdentifier": T.text(group), "WFControlFlowMode": .plain(.integer(0)),
            ])
        func item(_ title: String) -> WorkflowAction {
            T.action(
                "choosefrommenu",
                ["WFMenuItemTitle": T.text(title), "GroupingIdentifier": T.text(group), "WFControlFlowMode": .plain(.integer(1))])
        }
        let end = T.action("choosefrommenu", ["GroupingIdentifier": T.text(group), "WFControlFlowMode": .plain(.integer(2))])
        let actions = [
            start, item("One"), T.action("date"), item("Two"),
            T.action("notification", ["WFNotificationActionBody": T.text("two")]), end,
        ]
        let notes = Recorder<String>()
        let environment = T.environment(prompter: ScriptedPrompter(choices: [[1]]), notify: { notes.append($1) })
        _ = try T.run(actions, environment: environment)
        #expect(notes.items == ["two"])
    }

    @Test func showResultAndQuickLookShowText() throws {
        let shown = Recorder<String>()
        let environment = T.environment(show: { shown.append($0) })
        let output = try T.run("showresult", ["Text": T.text("Done!")], input: .number(4), environment: environment)
        #expect(output == .number(4))
        _ = try T.run("previewdocument", ["WFInput": T.text("preview me")], environment: environment)
        #expect(shown.items == ["Done!", "preview me"])
    }

    @Test func notificationPassesItsInputOn() throws {
        let sent = Recorder<String>()
        let environment = T.environment(notify: { sent.append($0 + "|" + $1) })
        let parameters: [String: ParameterValue] = [
            "WFNotificationActionTitle": T.text("Build"), "WFNotificationActionBody": T.text("passed"),
        ]
        #expect(try T.run("notification", parameters, input: .text("log"), environment: environment) == .text("log"))
        #expect(sent.items == ["Build|passed"])
    }

    @Test func clipboardRoundTrip() throws {
        let clipboard = MemoryClipboard()
        let environment = T.environment(clipboard: clipboard)
        let actions = [T.action("setclipboard", ["WFInput": T.text("copied")]), T.action("nothing"), T.action("getclipboard")]
        #expect(try T.run(actions, environment: environment) == .text("copied"))
        #expect(try clipboard.read() == .text("copied"))
    }

    @Test func liveClipboardWithoutToolsSaysWhatToInstall() {
        let clipboard = LiveClipboard(environment: ["PATH": "/nonexistent"])
        #expect(throws: ActionFailure.self) { try clipboard.read() }
        do {
            _ = try clipboard.read()
        } catch let failure as ActionFailure {
            #expect(failure.message.contains("no clipboard tool found: install wl-clipboard or xclip"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func waitWaits() throws {
        let start = Date()
        #expect(try T.run("delay", ["WFDelayTime": T.number(0.3)], input: .text("x")) == .text("x"))
        #expect(Date().timeIntervalSince(start) >= 0.3)
        let error = T.failure { try T.run("delay", ["WFDelayTime": T.number(-1)]) }
        #expect(error?.parameter == "WFDelayTime")
    }

    @Test func speakTextWithoutAProgramIsAClearError() {
        let environment = T.environment(variables: ["PATH": "/nonexistent"])
        let error = T.failure { try T.run("speaktext", ["WFText": T.text("hi")], environment: environment) }
        #expect(error?.message.contains("espeak-ng") == true)
    }

    @Test func deviceDetailsComeFromThisMachine() throws {
        #expect(try T.run("getdevicedetails", ["WFDeviceDetail": T.text("Device Name")]) == .text(ProcessInfo.processInfo.hostName))
        let machine = try ProcessRunner.run("/bin/sh", arguments: ["-c", "uname -m"])
        let expectedModel = String(decoding: machine.standardOutput, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try T.run("getdevicedetails", ["WFDeviceDetail": T.text("Device Model")]) == .text(expectedModel))
        let release = (try? String(contentsOfFile: "/etc/os-release", encoding: .utf8)) ?? ""
        let version = try T.run("getdevicedetails", ["WFDeviceDetail": T.text("System Version")]).text
        #expect(!version.isEmpty)
        if !release.isEmpty { #expect(release.contains("VERSION_ID=\"\(version)\"") || release.contains("VERSION_ID=\(version)")) }
        let environment = RunEnvironment(deviceDetails: { $0 == "Device Name" ? .text("scripted") : .nothing })
        #expect(try T.run("getdevicedetails", [:], environment: environment) == .text("scripted"))
    }

    @Test func liveEnvironmentKeepsTheCallersSettings() {
        let environment = LiveSystem.environment(
            prompter: NoInteraction(), allowsRunningScripts: true, variables: ["TZ": "Asia/Tokyo"], findShortcut: { _ in nil })
        #expect(environment.allowsRunningScripts)
        #expect(environment.variables == ["TZ": "Asia/Tokyo"])
        #expect(environment.timeZone.identifier == "Asia/Tokyo")
        #expect(environment.deviceDetails("Device Name") == .text(ProcessInfo.processInfo.hostName))
    }
}
