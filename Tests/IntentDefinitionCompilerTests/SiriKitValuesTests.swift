import Foundation
import Intents
import Testing

/// SiriKit's values apps set beside their intents: images, places and deferred strings.
struct SiriKitValuesTests {
    @Test func imagesBesideParametersAndPlacesWithLocations() throws {
        let intent = CreateTaskIntent()
        #expect(intent.keyImage() == nil)
        let image = INImage(imageData: Data([0x89, 0x50]))
        intent.setImage(image, forParameterNamed: "title")
        intent.setImage(INImage(named: "calendar"), forParameterNamed: "dueDate")
        #expect(intent.image(forParameterNamed: "title")?.data == Data([0x89, 0x50]))
        #expect(intent.keyImage()?.name == "calendar")
        intent.setImage(nil, forParameterNamed: "dueDate")
        #expect(intent.keyImage() === image)
        #expect(INImage(url: URL(string: "https://example.com/a.png")!, width: 10, height: 10) == nil)

        let paris = CLPlacemark(name: "Paris", latitude: 48.8566, longitude: 2.3522)
        let london = CLLocation(latitude: 51.5072, longitude: -0.1276)
        let distance = try #require(paris.location?.distance(from: london))
        #expect(abs(distance - 343_500) < 1_000, "\(distance)")
        #expect(CLPlacemark(name: "Somewhere").location == nil)
        let office = CLCircularRegion(
            center: CLLocationCoordinate2D(latitude: 48.8566, longitude: 2.3522), radius: 500, identifier: "office")
        #expect(office.contains(CLLocationCoordinate2D(latitude: 48.858, longitude: 2.352)))
        #expect(!office.contains(CLLocationCoordinate2D(latitude: 51.5072, longitude: -0.1276)))
        #expect(INLocationRelevanceProvider(region: office).region === office)

        #expect(NSString.deferredLocalizedIntentsString(with: "%d tasks due %@", 3, "today") == "3 tasks due today")
        #expect(INShortcut(intent: intent)?.intent === intent)
        let activity = NSUserActivity(activityType: "view")
        #expect(INShortcut(userActivity: activity).userActivity === activity && INShortcut(userActivity: activity).intent == nil)
    }

    /// Linux has no Siri: no voice shortcut was ever added, so the center lists none and finds none.
    @Test func thereAreNoVoiceShortcuts() async throws {
        #expect(try await INVoiceShortcutCenter.shared.allVoiceShortcuts().isEmpty)
        await #expect(throws: (any Error).self) { try await INVoiceShortcutCenter.shared.voiceShortcut(with: UUID()) }
    }
}
