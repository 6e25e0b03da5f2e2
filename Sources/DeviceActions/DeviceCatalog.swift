import ActionSupport

/// This computer: power, networks, the desktop and its apps, settings, clocks, disks, sound and
/// media controls, the portal's pickers and sharing.
package enum DeviceCatalog {
    /// Its actions, group by group, each made when first asked for.
    package static let groups: [CatalogGroup] = [
        { DeviceActions.all.listed(under: .scripting) },
        { DesktopAppActions.all.listed(under: .scripting) },
        { PowerActions.all.listed(under: .scripting) },
        { NetworkActions.all.listed(under: .scripting) },
        { DesktopSettingsActions.all.listed(under: .scripting) },
        { ClockActions.all.listed(under: .calendar) },
        { ClockAppActions.all.listed(under: .calendar) },
        { DiskActions.all.listed(under: .documents) },
        { MediaControlActions.all.listed(under: .media) },
        {
            [SoundActions.connectToServers].listed(under: .documents)
                + [
                    SoundActions.playSound, SoundActions.recordAudio, SoundActions.playbackDestination, SoundActions.addToUpNext,
                    SoundActions.clearUpNext,
                ].listed(under: .media)
        },
        { FinderDesktopActions.all.listed(under: .documents) },
        { SettingsPaneActions.all.listed(under: .scripting) },
        { PodcastsPlayback.all.listed(under: .media) },
        { AccessibilityToggles.all.listed(under: .scripting) },
        { CalculatorApp.all.listed(under: .scripting) },
        { VoiceMemosAppActions.all.listed(under: .media) },
        { AccountActions.all.listed(under: .scripting) },
        { WindowActions.all.listed(under: .scripting) },
        { SettingsChangeActions.all.listed(under: .scripting) },
        {
            [DesktopOpenActions.showInMaps, DesktopOpenActions.directions].listed(under: .location)
                + [DesktopOpenActions.searchWeb, DesktopOpenActions.showInStore, DesktopOpenActions.xCallback].listed(under: .web)
                + [DesktopOpenActions.revealFiles].listed(under: .documents)
                + [DesktopOpenActions.searchFiles].listed(under: .scripting)
        },
        {
            [PortalActions.selectFile, PortalActions.openFile].listed(under: .documents)
                + [PortalActions.selectPhotos, PortalActions.screenshot].listed(under: .media)
                + [
                    PortalActions.wallpaper, PortalActions.appearance, PortalActions.onScreen, PortalActions.share,
                    PortalActions.shareWithApps, PortalActions.webView,
                ].listed(under: .scripting)
        },
    ]

    package static var entries: [CatalogEntry] { groups.entries }
}
