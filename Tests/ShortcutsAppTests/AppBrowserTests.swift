import Foundation
import ShortcutsRPC
import ShortcutsTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The Shortcuts app end to end: `shortcuts app` starts the built `shortcutsd`, which serves the
/// page; Playwright (from PyPI) drives Debian's headless Chromium through it as a person would
/// (browser_session.py), and these tests check what it saw and what ended up on disk.
@Suite("The app in a browser", .serialized)
struct AppBrowserTests {
    static let chromium = "/usr/bin/chromium-headless-shell"

    /// What one browser session found, and the home it ran in.
    struct Session: Sendable {
        var results: JSONValue
        var world: AppWorld
        var appExit: Int32
        var serviceGoneAfterInterrupt: Bool
    }

    static let session = Task<Session, any Error> {
        let python = try await BuiltProducts.testPython()
        return try await offThePool { try runSession(python: python) }
    }

    static func runSession(python: String) throws -> Session {
        guard FileManager.default.isExecutableFile(atPath: chromium) else {
            throw AppWorld.Missing("\(chromium) is missing: apt-get install chromium-headless-shell (.ci/run installs it)")
        }
        let world = try AppWorld()
        let app = try world.startApp()
        let script = BuiltProducts.packageRoot.appendingPathComponent("Tests/ShortcutsAppTests/browser_session.py").path
        let configuration: JSONValue = [
            "address": .string(app.address), "chromium": .string(chromium), "screenshots": .string(world.screenshots),
            "clashPath": .string(world.home + "/Shortcuts/Clash.shortcut"), "clashReplacement": .string(world.clashReplacement),
            "large": [["Big", .number(Double(world.bigCount))], ["Generated", 1500]],
            "icloudPort": .number(Double(world.icloudPort)), "sharedFile": .string(world.clashReplacement),
            "importFile": .string(try world.pickedFile()), "exportPath": .string(world.exportPath),
            "shortcuts": .string(try BuiltProducts.path(of: "shortcuts")), "socket": .string(world.runtime + "/shortcuts/events.sock"),
            "environment": .object(JSONObject(world.temporary.environment.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })),
        ]
        let result = try world.temporary.run(python, [script, configuration.text], timeout: 300)
        let results = try #require(
            JSONValue(parsing: result.output), "the browser session printed no JSON:\n\(result.output)\n\(result.error)")
        let (status, gone) = world.interrupt(app)
        return Session(results: results, world: world, appExit: status, serviceGoneAfterInterrupt: gone)
    }

    private func step(_ name: String) async throws -> JSONValue {
        let value = try #require(try await Self.session.value.results[name], "no result for \(name)")
        if let error = value["error"]?.stringValue {
            Issue.record("\(name) failed in the browser: \(error)\n\(value["trace"]?.stringValue ?? "")")
        }
        return value
    }

    private func summaries(_ value: JSONValue?) -> [String] { value?.arrayValue?.compactMap(\.stringValue) ?? [] }

    @Test func theAddressIsPrintedFirstAndTheLibraryShows() async throws {
        let library = try await step("library")
        #expect(library["url"]?.stringValue?.hasSuffix("/") == true, "the secret stays in the address bar: \(library)")
        let tiles = library["tiles"]?.arrayValue?.compactMap(\.stringValue) ?? []
        for name in ["Hello", "Order", "Steps", "Greeter", "Long Wait", "Picture", "Colour", "Clash", "Script", "Big", "Generated"] {
            #expect(tiles.contains(name), "\(name) is not in the library: \(tiles)")
        }
    }

    @Test func eachActionIsABlockWithItsSummary() async throws {
        let hello = try await step("openHello")
        #expect(hello["blocks"] == 5)
        #expect(
            summaries(hello["summaries"]) == [
                "If Shortcut Input has any value", "Text Hello, Shortcut Input!", "Otherwise", "Text Hello, World!", "End If",
            ])
    }

    @Test func anEditedParameterIsSavedToTheFile() async throws {
        let edit = try await step("editParameter")
        #expect(edit["stateBeforeSave"] == "Edited")
        let session = try await Self.session.value
        let view = try session.world.temporary.run("shortcuts", ["view", "Hello"])
        #expect(view.output.contains("\"Hi there, Linux\""), "\(view.output)")
        #expect(!view.output.contains("Hello, World!"), "\(view.output)")
        // Everything else stays as it was: the If still greets the input.
        #expect(view.output.contains("\"Hello, {Shortcut Input}!\""), "\(view.output)")
        let run = try session.world.temporary.run("shortcuts", ["run", "Hello", "--no-interaction"])
        #expect(run.output == "Hi there, Linux\n")
    }

    @Test func dragReordersAndSaves() async throws {
        let reorder = try await step("reorder")
        #expect(summaries(reorder["before"]) == ["Text A", "Text B", "Text C"])
        #expect(summaries(reorder["after"]) == ["Text C", "Text A", "Text B"])
        let view = try await Self.session.value.world.temporary.run(
            "shortcuts", ["decompile", try await Self.session.value.world.home + "/Shortcuts/Order.shortcut"])
        #expect(view.output.contains("Text \"C\"\nText \"A\"\nText \"B\""), "\(view.output)")
    }

    @Test func anActionAddedFromTheSidebarIsSaved() async throws {
        let added = try await step("addFromSidebar")
        let sidebar = added["sidebar"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(sidebar.contains { $0.hasPrefix("Show Result") }, "\(sidebar)")
        #expect(summaries(added["summaries"]).last == "Show")
        #expect(added["afterUndo"] == 3, "Undo takes the added action back: \(added)")
        #expect(added["afterRedo"] == 4, "\(added)")
        let text = try await Self.session.value.world.temporary.run("shortcuts", ["view", "Order"])
        #expect(text.output.contains("(is.workflow.actions.showresult)"), "\(text.output)")
    }

    @Test func theTextViewShowsTheSameShortcutAndItsProblems() async throws {
        let text = try await step("textView")
        #expect(text["text"]?.stringValue?.contains("Text \"C\"") == true, "\(text)")
        let problems = text["problems"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(problems.contains { $0.contains("ChangeCas") }, "\(problems)")
        // Back to blocks with the text unchanged: nothing to save.
        #expect(text["state"] == "Saved")
        #expect(text["blocks"] == 4)
    }

    @Test func aRunMarksEachActionInTurnAndShowsTheOutput() async throws {
        let run = try await step("runMarks")
        #expect(run["runningInTurn"] == [0, 1, 2, 3, 4], "\(run)")
        #expect(run["status"] == "Finished")
        #expect(run["done"] == 5)
        #expect(run["output"]?.stringValue?.contains("three") == true, "\(run)")
    }

    @Test func askForInputIsAnsweredInThePage() async throws {
        let ask = try await step("askForInput")
        #expect(ask["title"] == "Your name?")
        #expect(ask["status"] == "Finished")
        #expect(ask["output"]?.stringValue?.contains("Hello, Ada") == true, "\(ask)")
    }

    @Test func aMenuIsAskedInThePage() async throws {
        let menu = try await step("menu")
        #expect(
            summaries(menu["blocks"]) == [
                "Choose from menu with Pick a colour", "Red", "Text #FF0000", "Blue", "Text #0000FF", "End Menu",
            ],
            "\(menu)")
        #expect(menu["title"] == "Pick a colour")
        #expect(menu["options"] == ["Red", "Blue"])
        #expect(menu["output"]?.stringValue?.contains("#0000FF") == true, "\(menu)")
        let view = try await Self.session.value.world.temporary.run("shortcuts", ["view", "Colour"])
        #expect(view.output.contains("[\"Red\", \"Navy\"]"), "\(view.output)")
        #expect(view.output.contains("Title (WFMenuItemTitle): \"Navy\""), "\(view.output)")
    }

    @Test func anImageOutputShowsInThePage() async throws {
        let image = try await step("image")
        #expect(image["alt"] == "dot.png")
        #expect(image["width"] == 8, "the image came from the run's file: \(image)")
    }

    @Test func aNewShortcutIsMadeFiledAndExported() async throws {
        let made = try await step("newAndFolders")
        #expect(made["inFolder"] == ["Made Here"], "\(made)")
        #expect(made["exported"] == "Made Here.shortcut")
        let world = try await Self.session.value.world
        let text = try world.temporary.run("shortcuts", ["decompile", world.exportPath])
        #expect(text.output.contains("Text \"made in the app\""), "\(text.output)\(text.error)")
        #expect(FileManager.default.fileExists(atPath: world.home + "/Shortcuts/Work/Made Here.shortcut"))
    }

    @Test func stopEndsALongRun() async throws {
        let stop = try await step("stop")
        #expect(stop["status"] == "cancelled", "\(stop)")
        #expect((stop["seconds"]?.numberValue ?? 99) < 5, "\(stop)")
        // The page's run is one of the service's.
        #expect(stop["serviceStatus"]?.stringValue?.contains("1 run(s) in progress") == true, "\(stop)")
    }

    @Test func aConflictingSaveIsRefusedAndNothingIsLost() async throws {
        let conflict = try await step("conflict")
        #expect(conflict["conflict"]?.stringValue?.contains("changed on disk") == true, "\(conflict)")
        #expect(conflict["conflict"]?.stringValue?.contains("edited in the app") == true, "yours is shown: \(conflict)")
        #expect(summaries(conflict["afterTakingDisk"]) == ["Text one", "Wait 0.6 seconds", "Text two", "Wait 0.6 seconds", "Text three"])
        // The other editor's file is what is on disk.
        let world = try await Self.session.value.world
        let disk = FileManager.default.contents(atPath: world.home + "/Shortcuts/Clash.shortcut")
        #expect(disk == FileManager.default.contents(atPath: world.clashReplacement))
    }

    @Test func requestsWithoutTheSecretOrFromElsewhereAreRefused() async throws {
        let security = try await step("security")
        #expect(security["exchangeStatus"] == 303)
        let cookie = security["cookie"]?.stringValue ?? ""
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"), "\(cookie)")
        #expect(security["shellWithoutSecret"] == 200)
        #expect(security["apiWithoutSecret"] == 403)
        #expect(security["apiWithWrongSecret"] == 403)
        #expect(security["apiWithSecret"] == 200)
        #expect(security["foreignHost"] == 403)
        #expect(security["foreignHostShell"] == 403)
        #expect(security["foreignOrigin"] == 403)
        #expect(security["noOrigin"] == 403)
        #expect(security["ownOrigin"] == 201)
        #expect(security["corsHeader"] == .null || security["corsHeader"] == nil)
        #expect(security["csp"]?.stringValue?.contains("default-src 'self'") == true)
        #expect(security["notJSON"]?.arrayValue?.first == 400, "\(security["notJSON"] ?? .null)")
        #expect(security["badRef"]?.arrayValue?.first == 422)
        #expect(
            security["badRef"]?.arrayValue?.last?.stringValue?.contains(
                "action 1 (is.workflow.actions.gettext), parameter WFTextActionText") == true,
            "\(security["badRef"] ?? .null)")
        #expect(security["staleRevision"] == 409)
        #expect(security["tooLarge"] == 413)
        #expect(security["afterwards"] == 200)
        let list = try await Self.session.value.world.temporary.run("shortcuts", ["list"])
        #expect(!list.output.contains("Evil"))
        #expect(list.output.contains("Made By Test"))
    }

    @Test func theLargestShortcutsOpenWhole() async throws {
        let large = try await step("large")
        let world = try await Self.session.value.world
        for (name, count) in [("Big", world.bigCount), ("Generated", 1500)] {
            let found = try #require(large[name], "\(large)")
            #expect(found["blocks"]?.numberValue == Double(count), "\(name): \(found)")
            #expect(found["titles"] == 0, "blocks without words: \(found)")
            print("opening \(name) (\(count) actions): \(found.text)")
        }
    }

    @Test func thePageStaysWithinItsOwnPolicy() async throws {
        let session = try await Self.session.value
        let messages = session.results["messages"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(!messages.contains { $0.contains("Content Security Policy") || $0.hasPrefix("pageerror") }, "\(messages)")
        #expect(session.results["foreignRequests"]?.arrayValue?.isEmpty == true, "\(session.results["foreignRequests"] ?? .null)")
    }

    @Test func everyControlIsReachableByKeyboardAndNamed() async throws {
        let keyboard = try await step("keyboard")
        let reached = keyboard["reached"]?.arrayValue?.compactMap(\.stringValue) ?? []
        for expected in ["Save", "▶ Run", "Text", "Add "] {
            #expect(reached.contains { $0 == expected || $0.hasPrefix(expected) }, "\(expected) not reached by Tab: \(reached)")
        }
        #expect(summaries(keyboard["afterKeyboardAdd"]).last == "Comment", "\(keyboard["afterKeyboardAdd"] ?? .null)")
        let aria = keyboard["aria"]?.stringValue ?? ""
        // Every button, text box and menu has a name for screen readers.
        let unnamed = aria.split(separator: "\n").filter { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            return ["- button", "- textbox", "- combobox", "- checkbox", "- searchbox"].contains { trimmed == $0 || trimmed == $0 + ":" }
        }
        #expect(unnamed.isEmpty, "unnamed controls: \(unnamed)")
    }

    /// Settings name a model endpoint (a bad URL is refused), and the library's Describe field
    /// writes a shortcut with it, shows it, and saves it.
    @Test func aModelIsNamedInSettingsAndDescribeWritesAndSavesAShortcut() async throws {
        let result = try await step("modelsAndDescribe")
        #expect(result["refused"]?.stringValue?.contains("is not an http or https URL") == true, "\(result)")
        #expect(result["saved"] == "Saved 1 model.", "\(result)")
        #expect(result["text"]?.stringValue?.contains("UseModel \"Say hello\"") == true, "\(result)")
        #expect(result["name"] == "Model Greeting", "\(result)")
        #expect(result["tiles"]?.arrayValue?.contains("Model Greeting") == true, "\(result)")
        #expect(result["message"] == "Saved “Model Greeting”.", "\(result)")
        #expect(result["requests"] == 2, "\(result)")
        #expect(result["offered"] == "show a greeting", "\(result)")
        // Run in the page, Use Model's answer showed piece by piece, then as the output.
        #expect(result["runStatus"] == "succeeded", "\(result)")
        #expect(result["pieces"] == "4", "\(result)")
        #expect(result["answer"] == "Use Model: Hello from the model", "\(result)")
        #expect(result["firstSeen"]?.stringValue != "Use Model: Hello from the model", "the answer showed only once whole: \(result)")
        #expect(result["output"]?.stringValue?.contains("Hello from the model") == true, "\(result)")
        let world = try await Self.session.value.world
        let settings = try world.temporary.run("shortcuts", ["settings"])
        #expect(
            settings.output.contains("fake: \(result["base"]?.stringValue ?? "?") (the server's first model, for on-device)"),
            "\(settings.output)")
        let viewed = try world.temporary.run("shortcuts", ["view", "Model Greeting"])
        #expect(viewed.status == 0 && viewed.output.contains("Use Model"), "\(viewed.output)\(viewed.error)")
    }

    @Test func aPickedFileAndADroppedICloudLinkAreImported() async throws {
        let imports = try await step("imports")
        let tiles = imports["tiles"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(tiles.contains("Picked File") && tiles.contains("Shared Steps"), "\(imports)")
        let world = try await Self.session.value.world
        let run = try world.temporary.run("shortcuts", ["run", "Shared Steps", "--no-interaction"])
        #expect(run.output == "three\n", "\(run.error)")
    }

    @Test func aFailureShowsOnItsBlockAndSettingsAllowScripts() async throws {
        let result = try await step("failureAndScripts")
        #expect(result["status"] == "failed")
        #expect(result["failedIndex"] == "1", "\(result)")
        #expect(result["message"]?.stringValue?.contains("Running scripts is off") == true, "\(result)")
        #expect(result["checked"] == true)
        #expect(result["afterAllowing"] == "succeeded", "\(result)")
        #expect(result["output"]?.stringValue?.contains("hi") == true, "\(result)")
        let settings = try await Self.session.value.world.temporary.run("shortcuts", ["settings"])
        #expect(settings.output.contains("Allow Running Scripts: on"), "\(settings.output)")
    }

    /// The run history in the page: runs from the page and from other clients, the failed ones
    /// alone, and a failed run's steps with the failing one marked.
    @Test func theHistoryShowsEveryRunAndWhereOneFailed() async throws {
        let result = try await step("history")
        let rows = result["rows"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(rows.contains { $0.contains("Script") && $0.contains("app") && $0.contains("failed") }, "\(rows)")
        #expect(rows.contains { $0.contains("Long Wait") && $0.contains("socket") && $0.contains("cancelled") }, "\(rows)")
        #expect(rows.contains { $0.contains("succeeded") }, "\(rows)")
        let failedRows = result["failedRows"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(!failedRows.isEmpty && failedRows.allSatisfy { $0.contains("failed") }, "\(failedRows)")
        #expect(result["runError"]?.stringValue?.contains("Action 2 (runshellscript): Running scripts is off") == true, "\(result)")
        #expect(result["failedSteps"] == 1, "\(result)")
        #expect((result["profile"]?.arrayValue?.count ?? 0) >= 1, "\(result)")
    }

    @Test func anotherClientsRunShowsInTheAppAndStopsFromThere() async throws {
        let result = try await step("otherClientsRun")
        #expect(result["listed"]?.stringValue?.contains("from process") == true, "\(result)")
        #expect(result["answer"]?["error"]?["code"] == 1004, "the socket client's run was cancelled: \(result)")
    }

    @Test func theAppListensOnTheChosenPort() async throws {
        let session = try await Self.session.value
        let library = try await step("library")
        #expect(library["url"]?.stringValue?.hasPrefix("http://127.0.0.1:\(session.world.appPort)/") == true, "\(library)")
    }

    @Test func tilesDuplicateRenameAndDelete() async throws {
        let result = try await step("tileActions")
        let renamed = result["afterRename"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(renamed.contains("Order Copy") && renamed.contains("Order"), "\(renamed)")
        let after = result["afterDelete"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(!after.contains("Order Copy") && after.contains("Order"), "\(after)")
        let world = try await Self.session.value.world
        let deleted = (try? FileManager.default.contentsOfDirectory(atPath: world.home + "/Recently Deleted")) ?? []
        #expect(deleted.contains { $0.hasPrefix("Order Copy") }, "\(deleted)")
    }

    @Test func interruptingTheAppStopsTheServiceItStarted() async throws {
        let session = try await Self.session.value
        #expect(session.appExit == 0)
        #expect(session.serviceGoneAfterInterrupt)
    }
}
