import Foundation
import ShortcutFormat
import ShortcutsContent
import Testing

@testable import ShortcutsEngine

/// One run, one time zone: the engine's conditions and the dates content shows as text use the
/// zone the run's environment was given, whatever the process's is.
struct RunTimeZoneTests {
    func isToday(_ date: String, now: String, zone: String) throws -> Content {
        let engine = Engine(sources: [TestActions.catalog()])
        let conditional = "is.workflow.actions.conditional"
        let workflow = Workflow(actions: [
            action("test.date", ["Text": .plain(.string(date))]),
            block(conditional, .start, group: "G", ["WFCondition": .plain(.integer(1002))]),
            text("today"),
            block(conditional, .middle, group: "G"),
            text("another day"),
            block(conditional, .end, group: "G"),
        ])
        let fixed = try #require(ISO8601DateFormatter().date(from: now))
        let environment = RunEnvironment(now: { fixed }, timeZone: TimeZone(identifier: zone))
        return try engine.run(engine.compile(workflow), environment: environment)
    }

    @Test func isTodayCountsDaysInTheRunsZone() throws {
        // 23:30 UTC on 30 November is 08:30 on 1 December in Tokyo.
        #expect(try isToday("2026-11-30T23:30:00Z", now: "2026-12-01T03:00:00Z", zone: "Asia/Tokyo") == .text("today"))
        #expect(try isToday("2026-11-30T23:30:00Z", now: "2026-12-01T03:00:00Z", zone: "UTC") == .text("another day"))
    }

    @Test func theZoneComesFromTheRunsTZNotTheProcesses() throws {
        let environment = RunEnvironment(variables: ["TZ": ":Asia/Tokyo"])
        #expect(environment.timeZone.identifier == "Asia/Tokyo")
        let engine = Engine(sources: [TestActions.catalog()])
        let workflow = Workflow(actions: [
            action("test.date", ["Text": .plain(.string("2026-12-01T00:30:00Z"))], uuid: "D"),
            action("test.text", ["Text": tokens(.literal("at "), .variable(TokenAttachment(.actionOutput(uuid: "D", name: "Date"))))]),
        ])
        let shown = try engine.run(engine.compile(workflow), environment: environment)
        // Foundation puts a narrow no-break space before AM, as Apple's systems do.
        #expect(shown == .text("at Dec 1, 2026 at 9:30\u{202F}AM"))
        // Outside the run, the process's zone is back.
        #expect(DateContext.timeZone.identifier != "Asia/Tokyo" || ProcessInfo.processInfo.environment["TZ"]?.contains("Tokyo") == true)
    }
}
