// Only `import AppIntents`, as intent code written for Apple's systems has it: what Foundation on
// Linux lacks comes with it, in place of Foundation's unavailable declarations.
import AppIntents
import Testing

/// `FoundationAdditions` through `import AppIntents`: the user's folders as `URL` members,
/// security-scoped access, and `DateComponentsFormatter` with the outputs Apple's documentation gives.
struct FoundationAdditionsTests {
    @Test func theUsersFoldersAreTheDesktopsFolders() {
        let environment = ProcessInfo.processInfo.environment
        let home = environment["HOME"] ?? NSHomeDirectory()
        // Each is the xdg-user-dirs folder, which is ~/Documents unless the person named another.
        let documents = URL.documentsDirectory.path
        #expect(documents.hasPrefix("/") && URL.documentsDirectory.hasDirectoryPath)
        if environment["XDG_DOCUMENTS_DIR"] == nil,
            !FileManager.default.fileExists(atPath: (environment["XDG_CONFIG_HOME"] ?? home + "/.config") + "/user-dirs.dirs")
        {
            #expect(documents == home + "/Documents")
            #expect(URL.downloadsDirectory.path == home + "/Downloads" && URL.moviesDirectory.path == home + "/Videos")
        }
        #expect(URL.cachesDirectory.path == (environment["XDG_CACHE_HOME"] ?? home + "/.cache"))
        #expect(URL.applicationSupportDirectory.path == (environment["XDG_DATA_HOME"] ?? home + "/.local/share"))
        #expect(URL.currentDirectory().path == FileManager.default.currentDirectoryPath)
        let chosen = URL.temporaryDirectory.appendingPathComponent("chosen.txt")
        #expect(chosen.startAccessingSecurityScopedResource())
        chosen.stopAccessingSecurityScopedResource()
    }

    @Test func durationsAreWordedAsApplesFormatterWordsThem() {
        let formatter = DateComponentsFormatter()
        formatter.referenceDate = Date(timeIntervalSince1970: 0)
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.calendar?.timeZone = TimeZone(identifier: "UTC")!
        // Apple's documentation: positional one hour and ten seconds with hours, minutes and seconds.
        formatter.allowedUnits = [.hour, .minute, .second]
        #expect(formatter.string(from: 3_610) == "1:00:10")
        #expect(formatter.string(from: 3_700) == "1:01:40")
        #expect(formatter.string(from: 65) == "1:05")
        #expect(formatter.string(from: -65) == "-1:05")
        formatter.zeroFormattingBehavior = .pad
        #expect(formatter.string(from: 3_700) == "01:01:40")

        // Abbreviated one hour and ten seconds with days to seconds: "1h 10s"; ten minutes,
        // dropping only leading zeros: "10m 0s".
        formatter.unitsStyle = .abbreviated
        formatter.allowedUnits = [.day, .hour, .minute, .second]
        formatter.zeroFormattingBehavior = .default
        #expect(formatter.string(from: 3_610) == "1h 10s")
        formatter.zeroFormattingBehavior = .dropLeading
        #expect(formatter.string(from: 600) == "10m 0s")

        formatter.zeroFormattingBehavior = .default
        formatter.allowedUnits = [.minute, .second]
        formatter.unitsStyle = .full
        #expect(formatter.string(from: 543) == "9 minutes, 3 seconds")
        formatter.unitsStyle = .abbreviated
        #expect(formatter.string(from: 123) == "2m 3s")
        formatter.unitsStyle = .spellOut
        #expect(formatter.string(from: 123) == "two minutes, three seconds")

        // "About 5 minutes remaining": the documentation's example.
        formatter.unitsStyle = .full
        formatter.includesApproximationPhrase = true
        formatter.includesTimeRemainingPhrase = true
        formatter.allowedUnits = [.minute]
        #expect(formatter.string(from: 300) == "About 5 minutes remaining")
        formatter.includesApproximationPhrase = false
        formatter.includesTimeRemainingPhrase = false

        // What the allowed units can't show is left out, not rounded; the largest units stay.
        formatter.allowedUnits = [.hour, .minute]
        #expect(formatter.string(from: 3_700) == "1 hour, 1 minute")
        formatter.allowedUnits = [.hour, .minute, .second]
        formatter.maximumUnitCount = 1
        #expect(formatter.string(from: 5_399) == "1 hour")
        formatter.maximumUnitCount = 0
        formatter.collapsesLargestUnit = true
        formatter.allowedUnits = [.minute, .second]
        #expect(formatter.string(from: 65) == "65 seconds")
        formatter.collapsesLargestUnit = false

        // Days and longer come from the calendar, from the reference date.
        formatter.allowedUnits = [.year, .month, .day]
        #expect(
            formatter.string(from: Date(timeIntervalSince1970: 0), to: Date(timeIntervalSince1970: 86_400 * 400))
                == "1 year, 1 month, 4 days")
        var components = DateComponents()
        components.day = 2
        components.hour = 3
        #expect(DateComponentsFormatter.localizedString(from: components, unitsStyle: .abbreviated) == "2d 3h")
        #expect(formatter.string(for: components) == "2 days")
        #expect(formatter.string(from: .infinity) == nil)
        var huge = DateComponents()
        huge.weekOfMonth = .max
        formatter.allowedUnits = [.weekOfMonth]
        formatter.unitsStyle = .abbreviated
        #expect(formatter.string(from: huge) != nil, "a count too large for seconds doesn't stop the program")
    }
}

/// `.localizedStandard` where a sort comparator of strings is asked for, as file managers order names.
struct LocalizedStandardTests {
    struct File: Sendable {
        var name: String
    }

    @Test func namesSortAsAFileManagerListsThem() {
        let names = ["file10", "File3", "file2", "Apple", "apple 2"]
        #expect(names.sorted(using: .localizedStandard) == ["Apple", "apple 2", "file2", "File3", "file10"])
        let files = names.map(File.init)
        #expect(files.sorted(using: KeyPathComparator(\File.name, comparator: .localizedStandard)).map(\.name).last == "file10")
        #expect(names.sorted { $0.localizedStandardCompare($1) == .orderedAscending } == names.sorted(using: .localizedStandard))
    }
}

/// `MeasurementFormatter` through `import AppIntents`, in the units of the locale's measurement system.
struct MeasurementFormatterTests {
    @Test func measurementsInTheLocalesUnitsOrTheirOwn() {
        let formatter = MeasurementFormatter()
        formatter.locale = Locale(identifier: "en_US")
        let run = Measurement(value: 5, unit: UnitLength.kilometers)
        #expect(formatter.string(from: run) == "3.107 mi")
        #expect(formatter.string(from: Measurement(value: 293, unit: UnitTemperature.kelvin)) == "67.73°F")
        #expect(formatter.string(from: Measurement(value: 2, unit: UnitMass.kilograms)) == "4.409 lb")
        formatter.unitOptions = .providedUnit
        #expect(formatter.string(from: run) == "5 km")
        formatter.unitStyle = .short
        #expect(formatter.string(from: run) == "5km")
        formatter.unitStyle = .long
        #expect(formatter.string(from: run) == "5 kilometers")
        #expect(formatter.string(from: Measurement(value: 1, unit: UnitLength.kilometers)) == "1 kilometer")
        #expect(formatter.string(from: UnitSpeed.milesPerHour) == "miles per hour")
        formatter.unitStyle = .medium
        formatter.unitOptions = [.providedUnit, .naturalScale]
        #expect(formatter.string(from: Measurement(value: 12_000, unit: UnitLength.meters)) == "12 km")
        #expect(formatter.string(from: Measurement(value: 0.5, unit: UnitLength.kilometers)) == "500 m")
        formatter.unitOptions = .temperatureWithoutUnit
        #expect(formatter.string(from: Measurement(value: 22, unit: UnitTemperature.celsius)) == "71.6°")

        formatter.locale = Locale(identifier: "en_GB")
        formatter.unitOptions = []
        #expect(formatter.string(from: Measurement(value: 22, unit: UnitTemperature.celsius)) == "22°C")
        #expect(formatter.string(from: Measurement(value: 100, unit: UnitSpeed.kilometersPerHour)) == "62.137 mph")
        #expect(formatter.string(for: Measurement(value: 1, unit: UnitLength.miles)) == "1 mi")
        #expect(formatter.string(for: "five miles") == nil)
        formatter.locale = Locale(identifier: "fr_FR")
        #expect(formatter.string(from: Measurement(value: 3, unit: UnitLength.miles)) == "4,828 km")
    }
}
