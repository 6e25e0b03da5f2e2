import ActionSupport
import ActionTestSupport
import Foundation
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine
import Testing

@testable import BuiltinActions
@testable import ShortcutsPlatform

/// The content, scripting and file actions of the everyday set, each for its documented
/// behaviour, its edge cases and its errors.
@Suite(.serialized) struct EverydayActionsTests {
    typealias T = SystemTest

    // MARK: Content

    @Test func getObjectOfClassTakesContentItemAndFoundationNames() throws {
        #expect(try T.run("getclassaction", ["Class": T.text("NSNumber")], input: .text("42")) == .number(42))
        #expect(
            try T.run("getclassaction", ["Class": T.text("NSURL")], input: .text("go to example.com"))
                == .url(URL(string: "http://example.com")!))
        #expect(
            try T.run("getclassaction", ["Class": T.text("WFDictionaryContentItem")], input: .text("a=1")).dictionary?["a"] == .text("1"))
        let unknown = T.failure { try T.run("getclassaction", ["Class": T.text("NSBezierPath")], input: .text("x")) }
        #expect(unknown?.parameter == "Class")
        let refused = T.failure { try T.run("getclassaction", ["Class": T.text("NSDate")], input: .text("not a date")) }
        #expect(refused?.parameter == "Input")
        #expect(refused?.message.contains("a Date") == true)
    }

    @Test func getFileOfTypeKeepsMatchingFilesAndRetypesText() throws {
        let png = Content.file(FileContent(name: "a.png", data: Data([0x89])))
        #expect(try T.run("gettypeaction", ["WFFileType": T.text("public.image")], input: png) == png)
        #expect(try T.run("gettypeaction", ["WFFileType": T.text("public.png")], input: png) == png)
        let html = try T.run("gettypeaction", ["WFFileType": T.text("public.html")], input: .text("<p>x</p>"))
        guard case .file(let file) = html else { throw ActionFailure("expected a file, got \(html)") }
        #expect(file.name == "Text.html" && file.typeIdentifier == "public.html" && file.data == Data("<p>x</p>".utf8))
        let refused = T.failure { try T.run("gettypeaction", ["WFFileType": T.text("com.adobe.pdf")], input: png) }
        #expect(refused?.message.contains("public.png") == true && refused?.parameter == "WFInput")
        #expect(T.failure { try T.run("gettypeaction", input: png) }?.parameter == "WFFileType")
    }

    @Test func getImagesFromInputKeepsOnlyImages() throws {
        let png = Content.file(FileContent(name: "a.png", data: Data([0x89])))
        let text = Content.file(FileContent(name: "b.txt", data: Data("b".utf8)))
        #expect(try T.run("detect.images", input: .list([png, text, .number(3)])) == png)
        #expect(try T.run("detect.images", input: .text("nothing")) == .nothing)
    }

    @Test func emailAddressesAndPhoneNumbersAreFoundInText() throws {
        let text = Content.text(
            "Write to ada@example.org or bob.smith+news@mail.example.co.uk; call +1 (555) 123-4567 or 030 1234567, not 2026-12-01.")
        #expect(
            try T.run("detect.emailaddress", input: text) == .list([.text("ada@example.org"), .text("bob.smith+news@mail.example.co.uk")]))
        #expect(try T.run("detect.phonenumber", input: text) == .list([.text("+1 (555) 123-4567"), .text("030 1234567")]))
        #expect(try T.run("detect.emailaddress", input: .text("no address")) == .nothing)
    }

    @Test func emailAddressAndPhoneNumberActionsCheckWhatTheyAreGiven() throws {
        #expect(try T.run("email", ["WFEmailAddress": T.text("ada@example.org")]) == .text("ada@example.org"))
        #expect(try T.run("phonenumber", ["WFPhoneNumber": T.text("+44 20 7946 0000")]) == .text("+44 20 7946 0000"))
        let bad = T.failure { try T.run("email", ["WFEmailAddress": T.text("not an address")]) }
        #expect(bad?.parameter == "WFEmailAddress" && bad?.message.contains("an Email Address") == true)
        #expect(T.failure { try T.run("phonenumber") }?.parameter == "WFPhoneNumber")
    }

    @Test func addressesAreFoundWithTheirTownLines() throws {
        let text = "Visit us at\n1 Infinite Loop\nCupertino, CA 95014\nThanks!\nOr Unter den Linden 77, 10117 Berlin\n12 apples"
        #expect(
            try T.run("detect.address", input: .text(text))
                == .list([.text("1 Infinite Loop, Cupertino, CA 95014"), .text("Or Unter den Linden 77, 10117 Berlin")]))
        #expect(try T.run("detect.address", input: .text("nothing here 42")) == .nothing)
    }

    @Test func contactsAreReadFromVCards() throws {
        let vcard = """
            BEGIN:VCARD\r
            VERSION:3.0\r
            N:Lovelace;Ada;King;;\r
            FN:Ada Lovelace\r
            ORG:Analytical Engines;Research\r
            TEL;TYPE=CELL:+44 20 7946 0000\r
            item1.EMAIL;TYPE=INTERNET:ada@example.org\r
            BDAY:18151210\r
            NOTE:First programmer\\, probably\r
              and more\r
            END:VCARD\r
            BEGIN:VCARD\r
            VERSION:2.1\r
            N:Babbage;Charles\r
            END:VCARD\r
            """
        let contacts = try T.run("detect.contacts", input: .file(FileContent(name: "people.vcf", data: Data(vcard.utf8))))
        guard case .list(let items) = contacts, items.count == 2, case .entity(let ada) = items[0], case .entity(let charles) = items[1]
        else { throw ActionFailure("expected two contacts, got \(contacts)") }
        #expect(ada.typeName == "Contact" && ada.displayTitle == "Ada Lovelace")
        #expect(ada.properties["First Name"] == .text("Ada") && ada.properties["Middle Name"] == .text("King"))
        #expect(ada.properties["Company"] == .text("Analytical Engines"))
        #expect(ada.properties["Phone Numbers"] == .list([.text("+44 20 7946 0000")]))
        #expect(ada.properties["Email Addresses"] == .list([.text("ada@example.org")]))
        #expect(ada.properties["Notes"] == .text("First programmer, probably and more"))
        #expect(ada.properties["Birthday"]?.date != nil)
        #expect(charles.displayTitle == "Charles Babbage")
        #expect(try T.run("detect.contacts", input: .text("no card")) == .nothing)
    }

    @Test func viewContentGraphShowsTheClassesAndPassesTheInputOn() throws {
        let shown = Recorded<String>()
        var environment = T.environment(show: { text in shown.append(text) })
        environment.download = { _ in throw ActionFailure("no downloads in this test") }
        let input = Content.text("see https://example.com")
        #expect(try T.run("viewresult", input: input, environment: environment) == input)
        let report = shown.values.joined()
        #expect(report.hasPrefix("Text \"see https://example.com\""))
        #expect(report.contains("├─ URL") && report.contains("├─ File") && !report.contains("Number"))
        let url = Content.url(URL(string: "https://example.com/a.json")!)
        _ = try T.run("viewresult", input: url, environment: environment)
        #expect(shown.values.last?.contains("Dictionary (by downloading or reading it)") == true)
    }

    // MARK: Scripting

    @Test func waitToReturnContinuesAtOnceUnlessAskedToWait() throws {
        let prompter = ScriptedPrompter()
        let input = Content.text("carry on")
        for identifier in ["waittoreturn", "handoff", "dismisssiri"] {
            #expect(try T.run(identifier, input: input, environment: T.environment(prompter: prompter)) == input)
        }
        #expect(prompter.confirmed.isEmpty)
        let waiting = T.environment(prompter: prompter, variables: ["SHORTCUTS_WAIT_TO_RETURN": "1"])
        #expect(try T.run("waittoreturn", input: input, environment: waiting) == input)
        #expect(prompter.confirmed.count == 1 && prompter.confirmed[0].allowsCancel == false)
    }

    @Test func receiveInputUsesTheInputOrItsNoInputBehaviour() throws {
        #expect(try T.run("input", input: .text("given")) == .text("given"))
        let prompter = ScriptedPrompter(answers: ["typed"])
        let ask = ParameterValue.record(["Name": .plain(.string("WFNoInputBehaviorAskForInput"))])
        #expect(try T.run("input", ["WFNoInputBehavior": ask], environment: T.environment(prompter: prompter)) == .text("typed"))
        let stop = ParameterValue.record(["Name": .plain(.string("WFNoInputBehaviorStopAndRespond"))])
        let stopped = try T.run([
            T.action("input", ["WFNoInputBehavior": stop]), T.action("gettext", ["WFTextActionText": T.text("after")]),
        ])
        #expect(stopped == .nothing)
    }

    @Test func convertTimeZoneMovesTheWallClock() throws {
        let nineInNewYork = Date(timeIntervalSince1970: 1_796_050_800)  // 2026-12-01 14:00 UTC, 09:00 in New York
        let converted = try T.run(
            "converttimezone",
            ["SourceTimeZone": T.text("America/New_York"), "DestinationTimeZone": T.text("Los Angeles")],
            input: .date(nineInNewYork))
        #expect(converted == .date(nineInNewYork.addingTimeInterval(-3 * 3600)))
        let fromRunZone = try T.run("converttimezone", ["DestinationTimeZone": T.text("JST")], input: .date(nineInNewYork))
        #expect(fromRunZone == .date(nineInNewYork.addingTimeInterval(9 * 3600)))
        let bad = T.failure { try T.run("converttimezone", ["DestinationTimeZone": T.text("Atlantis")], input: .date(nineInNewYork)) }
        #expect(bad?.parameter == "DestinationTimeZone")
        #expect(T.failure { try T.run("converttimezone", input: .date(nineInNewYork)) }?.parameter == "DestinationTimeZone")
    }

    @Test func measurementsAreMadeAndConverted() throws {
        let five = try T.run("measurement.create", ["WFMeasurementUnitType": T.text("Length"), "WFMeasurementUnit": T.quantity(5, "km")])
        #expect(five.text == "5 km" && five.number == 5)
        let miles = try T.run(
            [
                T.action("measurement.create", ["WFMeasurementUnitType": T.text("Length"), "WFMeasurementUnit": T.quantity(5, "km")]),
                T.action("measurement.convert", ["WFMeasurementUnitType": T.text("Length"), "WFMeasurementUnit": T.text("miles")]),
            ])
        #expect(abs((miles.number ?? 0) - 3.10686) < 0.0001 && miles.text.hasSuffix(" mi"))
        let fahrenheit = try T.run("measurement.convert", ["WFMeasurementUnit": T.text("°F")], input: .text("100 °C"))
        #expect(abs((fahrenheit.number ?? 0) - 212) < 1e-9)
        let wrongKind = T.failure { try T.run("measurement.convert", ["WFMeasurementUnit": T.text("kg")], input: .text("5 km")) }
        #expect(wrongKind?.parameter == "WFMeasurementUnit" && wrongKind?.message.contains("Length") == true)
        let badType = T.failure {
            try T.run("measurement.create", ["WFMeasurementUnitType": T.text("Mood"), "WFMeasurementUnit": T.quantity(1, "x")])
        }
        #expect(badType?.parameter == "WFMeasurementUnitType")
    }

    /// Units by the symbols Apple's Foundation writes into files (`min` and `hr`, where
    /// swift-corelibs-foundation says `m` and `h`), given as the unit archive files carry
    /// (`{WFNSUnitType, WFNSUnitSymbol}`, as the corpus's 15-launchcuts-helper does) or as text;
    /// every unit of every type is read by its symbol and shown with it.
    @Test func unitsGoByApplesSymbols() throws {
        let hours = try T.run(
            "measurement.create", ["WFMeasurementUnitType": T.text("Duration"), "WFMeasurementUnit": T.quantity(2, "hr")])
        #expect(hours.text == "2 hr")
        let archive: ParameterValue = .record(["WFNSUnitType": T.text("Duration"), "WFNSUnitSymbol": T.text("min")])
        let minutes = try T.run(
            [
                T.action("measurement.create", ["WFMeasurementUnitType": T.text("Duration"), "WFMeasurementUnit": T.quantity(2, "hr")]),
                T.action("measurement.convert", ["WFMeasurementUnitType": T.text("Duration"), "WFMeasurementUnit": archive]),
            ])
        #expect(minutes.text == "120 min" && minutes.number == 120)
        for kind in MeasurementUnits.kinds {
            for (unit, _) in kind.units {
                let symbol = MeasurementUnits.symbol(of: unit)
                let made = try T.run(
                    "measurement.create", ["WFMeasurementUnitType": T.text(kind.name), "WFMeasurementUnit": T.quantity(1, symbol)])
                #expect(made.text == "1 \(symbol)", "\(kind.name): \(made.text)")
                let back = try T.run(
                    "measurement.convert", ["WFMeasurementUnitType": T.text(kind.name), "WFMeasurementUnit": T.text(symbol)], input: made)
                #expect(abs((back.number ?? 0) - 1) < 1e-9, "\(kind.name) \(symbol): \(back.text)")
            }
        }
    }

    @Test func emojiAreNamed() throws {
        #expect(try T.run("getnameofemoji", input: .text("Hi 😀")) == .text("grinning face"))
        #expect(try T.run("getnameofemoji", input: .text("🇫🇷❤️")) == .list([.text("flag: France"), .text("heavy black heart")]))
        #expect(try T.run("getnameofemoji", input: .text("plain")) == .nothing)
    }

    @Test func contentAttributionSaysWhereItemsCameFrom() throws {
        let shown = Recorded<String>()
        let input = Content.list([
            .file(FileContent(name: "a.txt", data: Data(), path: "/tmp/a.txt")), .url(URL(string: "https://example.com")!),
        ])
        #expect(
            try T.run("debug.contentattribution", input: input, environment: T.environment(show: { text in shown.append(text) })) == input)
        #expect(shown.values == ["File a.txt: from /tmp/a.txt\nURL: from example.com"])
    }

    // MARK: Files

    @Test func fileNamesAPathOrAnEditorLocation() throws {
        let folder = try TemporaryDirectory()
        try folder.write("inside", to: "Documents/Shortcuts/notes/n.txt")
        let byPath = try T.run("file", ["WFFile": T.text(folder.path + "/Documents/Shortcuts/notes/n.txt")])
        #expect(byPath.text == "inside")
        let location = ParameterValue.record([
            "fileLocation": .record(["WFFileLocationType": .plain(.string("Shortcuts")), "relativeSubpath": .plain(.string("notes/n.txt"))]
            ),
            "filename": .plain(.string("n.txt")),
        ])
        let environment = T.environment(variables: ["HOME": folder.path, "XDG_DOCUMENTS_DIR": folder.path + "/Documents"])
        #expect(try T.run("file", ["WFFile": location], environment: environment).text == "inside")
        #expect(T.failure { try T.run("file", ["WFFile": T.text(folder.path + "/missing")]) }?.parameter == "WFFile")
    }

    @Test func moveFileNeverReplacesUnlessAsked() throws {
        let folder = try TemporaryDirectory()
        let source = try folder.write("one", to: "a.txt")
        try folder.write("old", to: "dest/a.txt")
        let refused = T.failure { try T.run("file.move", ["WFFolder": T.text(folder.path + "/dest")], input: .text(source)) }
        #expect(refused?.parameter == "WFReplaceExisting")
        #expect(folder.read("dest/a.txt") == "old" && folder.read("a.txt") == "one")
        let moved = try T.run(
            "file.move", ["WFFolder": T.text(folder.path + "/dest"), "WFReplaceExisting": T.bool(true)], input: .text(source))
        #expect(folder.read("dest/a.txt") == "one" && folder.read("a.txt") == nil)
        guard case .file(let file) = moved else { throw ActionFailure("expected a file, got \(moved)") }
        #expect(file.path == folder.path + "/dest/a.txt")
        let renamed = try T.run("file.move", ["WFFolder": T.text(folder.path + "/b.txt")], input: .text(folder.path + "/dest/a.txt"))
        #expect(renamed.property("File Path") == .text(folder.path + "/b.txt") && folder.read("b.txt") == "one")
        #expect(
            T.failure { try T.run("file.move", ["WFFolder": T.text(folder.path)], input: .text(folder.path + "/none")) }?.parameter
                == "WFFile")
    }

    @Test func getParentDirectoryIsTheFolderAbove() throws {
        let parent = try T.run("getparentdirectory", input: .file(FileContent(name: "x.txt", data: Data(), path: "/srv/data/x.txt")))
        #expect(parent.property("File Path") == .text("/srv/data") && parent.property("Type") == .text("public.folder"))
        #expect(T.failure { try T.run("getparentdirectory", input: .number(1)) }?.parameter == "WFInput")
    }

    @Test(arguments: [
        (0.0, "Closest Unit", true, "0 bytes"), (1, "Closest Unit", true, "1 byte"), (999, "Closest Unit", true, "999 bytes"),
        (12_345, "Closest Unit", true, "12 KB"), (1_234_567, "Closest Unit", true, "1.2 MB"), (2_000_000, "Closest Unit", true, "2 MB"),
        (1_234_567_890, "Closest Unit", true, "1.23 GB"), (1_234_567, "Kilobytes", false, "1,235"),
        (1_234_567, "Gigabytes", true, "0.00 GB"),
    ])
    func formatFileSize(bytes: Double, unit: String, units: Bool, expected: String) throws {
        let output = try T.run(
            "format.filesize", ["WFFileSize": T.number(bytes), "WFFileSizeFormat": T.text(unit), "WFFileSizeIncludeUnits": T.bool(units)])
        #expect(output == .text(expected))
    }

    @Test func formatFileSizeReadsAFilesSizeAndTheRegion() throws {
        let file = Content.file(FileContent(name: "a.bin", data: Data(count: 1_500_000)))
        #expect(try T.run("format.filesize", input: file) == .text("1.5 MB"))
        let german = T.environment(variables: ["LANG": "de_DE.UTF-8"])
        #expect(try T.run("format.filesize", ["WFFileSize": T.number(1_500_000)], environment: german) == .text("1,5 MB"))
        #expect(T.failure { try T.run("format.filesize", input: .text("big")) }?.parameter == "WFFileSize")
    }

    @Test func labelFilesSetsTheFreedesktopTagThatOtherProgramsRead() throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write("x", to: "a.txt")
        // Python's os.getxattr reads what the action wrote, as a file manager would.
        func tags() throws -> String {
            let python = ProcessRunner.find("python3") ?? "/usr/bin/python3"
            let reader = try ProcessRunner.run(
                python,
                arguments: [
                    "-c", "import os,sys\ntry: print(os.getxattr(sys.argv[1], 'user.xdg.tags').decode())\nexcept OSError: print('')", path,
                ])
            return String(decoding: reader.standardOutput, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        _ = try T.run("file.label", ["WFLabelColorNumber": T.number(6)], input: .text(path))
        #expect(try tags() == "Red")
        _ = try T.run("file.label", ["WFLabelColorNumber": T.text("Blue")], input: .text(path))
        #expect(try tags() == "Blue")
        _ = try T.run("file.label", ["WFLabelColorNumber": T.number(0)], input: .text(path))
        #expect(try tags() == "")
        #expect(
            T.failure { try T.run("file.label", ["WFLabelColorNumber": T.text("Mauve")], input: .text(path)) }?.parameter
                == "WFLabelColorNumber")
    }
}

/// Values a callback records, read after the run.
final class Recorded<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Value] = []
    func append(_ value: Value) { lock.withLock { stored.append(value) } }
    var values: [Value] { lock.withLock { stored } }
}
