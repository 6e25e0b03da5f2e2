import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// System Settings' "Open … Settings" actions (`com.apple.systempreferences.*` on macOS,
/// `com.apple.Preferences.*` on iOS): each opens the matching pane of the desktop's own
/// settings app, GNOME Settings (`gnome-control-center <panel>`) or KDE's System Settings
/// (`systemsettings <module>`). A pane Linux divides differently opens the nearest one (every
/// accessibility pane opens Accessibility); one the desktop has no counterpart of says so.
enum SettingsPaneActions {
    /// One pane: the identifier's last part, Apple's title, GNOME's panel and KDE's module.
    struct Pane {
        var name: String
        var title: String
        var gnome: String?
        var kde: String?
    }

    static let accessibility = [
        ("AudioDescriptions", "Audio Descriptions"), ("Audio", "Audio"), ("Captions", "Captions"), ("Display", "Display"),
        ("HearingDevices", "Hearing Devices"), ("HoverText", "Hover Text"), ("Keyboard", "Keyboard"), ("LiveCaptions", "Live Captions"),
        ("LiveSpeech", "Live Speech"), ("PointerControl", "Pointer Control"), ("Root", ""), ("Shortcut", "Shortcut"), ("Siri", "Siri"),
        ("SpokenContent", "Spoken Content"), ("SwitchControl", "Switch Control"), ("VoiceControl", "Voice Control"),
        ("VoiceOver", "VoiceOver"), ("Zoom", "Zoom"),
    ].map { name, title in
        Pane(
            name: "OpenAccessibility\(name)StaticDeepLinks",
            title: title.isEmpty ? "Open Accessibility Settings" : "Open Accessibility \(title) Settings",
            gnome: "universal-access", kde: "kcm_access")
    }

    /// macOS's panes (`com.apple.systempreferences.`).
    static let mac: [Pane] =
        [
            Pane(name: "OpenAboutSettingsStaticDeepLinks", title: "Open About Settings", gnome: "info-overview", kde: "kcm_about-distro"),
            Pane(name: "OpenAppearanceSettingsDeepLink", title: "Open Appearance Settings", gnome: "background", kde: "kcm_lookandfeel"),
            Pane(
                name: "OpenApplicationNotificationsSettings", title: "Open Application Notifications Settings", gnome: "notifications",
                kde: "kcm_notifications"),
            Pane(
                name: "OpenAutoBrightnessEntityDeepLink", title: "Open Auto Brightness Settings", gnome: "power",
                kde: "kcm_powerdevilprofilesconfig"),
            Pane(
                name: "OpenAutomaticallySetDateTimeSetting", title: "Open Set Time Automatically Setting", gnome: "datetime",
                kde: "kcm_clock"),
            Pane(
                name: "OpenAutomaticallySetTimeZoneSetting", title: "Open Set Time Zone Automatically Setting", gnome: "datetime",
                kde: "kcm_clock"),
            Pane(
                name: "OpenBatteryHealthPaneDynamicDeepLinks", title: "Open Battery Health Settings", gnome: "power",
                kde: "kcm_powerdevilprofilesconfig"),
            Pane(
                name: "OpenBatteryOptionsPaneDynamicDeepLinks", title: "Open Battery Options", gnome: "power",
                kde: "kcm_powerdevilprofilesconfig"),
            Pane(
                name: "OpenBatterySettingsPaneDynamicDeepLinks", title: "Open Battery Settings", gnome: "power",
                kde: "kcm_powerdevilprofilesconfig"),
            Pane(name: "OpenBluetoothPowerDeepLink", title: "Open Bluetooth Power Setting", gnome: "bluetooth", kde: "kcm_bluetooth"),
            Pane(name: "OpenBluetoothSettingsDeepLinks", title: "Open Bluetooth Settings", gnome: "bluetooth", kde: "kcm_bluetooth"),
            Pane(
                name: "OpenConfiguredInternetAccountSettings", title: "Open Internet Account Settings", gnome: "online-accounts",
                kde: "kcm_kaccounts"),
            Pane(name: "OpenCurrentTimeZoneSetting", title: "Open Time Zone Setting", gnome: "datetime", kde: "kcm_clock"),
            Pane(name: "OpenDateTimeDeepLinks", title: "Open Date & Time Settings", gnome: "datetime", kde: "kcm_clock"),
            Pane(name: "OpenDisplaysSettingsDeepLinks", title: "Open Displays Settings", gnome: "display", kde: "kcm_kscreen"),
            Pane(
                name: "OpenEnergySaverPaneDynamicDeepLinks", title: "Open Energy Saver Settings", gnome: "power",
                kde: "kcm_powerdevilprofilesconfig"),
            Pane(
                name: "OpenInternationalSettingsDeepLink", title: "Open Language & Region Settings", gnome: "region",
                kde: "kcm_regionandlang"),
            Pane(
                name: "OpenInternetAccountsSettings", title: "Open Internet Accounts Settings", gnome: "online-accounts",
                kde: "kcm_kaccounts"),
            Pane(name: "OpenKeyboardSettingsDeepLink", title: "Open Keyboard Settings", gnome: "keyboard", kde: "kcm_keyboard"),
            Pane(name: "OpenLockScreenDeepLinks", title: "Open Lock Screen Settings", gnome: "lock", kde: "kcm_screenlocker"),
            Pane(name: "OpenLoginItemsDeepLinks", title: "Open Login Items Settings", gnome: "applications", kde: "kcm_autostart"),
            Pane(name: "OpenMouseDeepLink", title: "Open Mouse Settings", gnome: "mouse", kde: "kcm_mouse"),
            Pane(name: "OpenNetworkSettingsDeepLinks", title: "Open Network Settings", gnome: "network", kde: "kcm_networkmanagement"),
            Pane(
                name: "OpenNotificationCenterEntity", title: "Open Notification Center Settings", gnome: "notifications",
                kde: "kcm_notifications"),
            Pane(
                name: "OpenPrinterScannerDeepLinks", title: "Open Printers & Scanners Settings", gnome: "printers",
                kde: "kcm_printer_manager"),
            Pane(
                name: "OpenPrivacySecurityDeepLinks", title: "Open Privacy & Security Settings", gnome: "location", kde: "kcm_kwalletconfig"
            ),
            Pane(name: "OpenScreenSaverDeepLinks", title: "Open Screen Saver Settings", gnome: "lock", kde: "kcm_screenlocker"),
            Pane(name: "OpenShareKeyboardEntityDeepLink", title: "Open Share Keyboard Settings", gnome: "keyboard", kde: "kcm_keyboard"),
            Pane(name: "OpenSoundSettingsDeepLinks", title: "Open Sound Settings", gnome: "sound", kde: "kcm_pulseaudio"),
            Pane(name: "OpenSoundSettingsFeedbackSoundEntity", title: "Open Alert Sound Settings", gnome: "sound", kde: "kcm_pulseaudio"),
            Pane(
                name: "OpenSoundSettingsInterfaceEffectsEntity", title: "Open Interface Sound Effects Settings", gnome: "sound",
                kde: "kcm_pulseaudio"),
            Pane(name: "OpenSoundSettingsStartupSoundEntity", title: "Open Startup Sound Settings", gnome: "sound", kde: "kcm_pulseaudio"),
            Pane(name: "OpenStorageSettingsDeeplinks", title: "Open Storage Settings", gnome: "info-overview", kde: "kcm_about-distro"),
            Pane(name: "OpenTheCurrentDateTimeSetting", title: "Open Date & Time Setting", gnome: "datetime", kde: "kcm_clock"),
            Pane(name: "OpenTrackpadDeepLinks", title: "Open Trackpad Settings", gnome: "mouse", kde: "kcm_touchpad"),
            Pane(name: "OpenUsersGroupsDeepLinks", title: "Open Users & Groups Settings", gnome: "user-accounts", kde: "kcm_users"),
            Pane(name: "OpenVPNDeepLink", title: "Open VPN Settings", gnome: "network", kde: "kcm_networkmanagement"),
            Pane(name: "OpenWallpaperDeepLinks", title: "Open Wallpaper Settings", gnome: "background", kde: "kcm_wallpaper"),
            Pane(name: "SharingSettingsIntents.OpenSharingDeepLinks", title: "Open Sharing Settings", gnome: "sharing", kde: nil),
        ] + accessibility

    /// iOS's panes (`com.apple.Preferences.`).
    static let mobile: [Pane] = [
        Pane(name: "OpenBluetoothPowerDeepLink", title: "Open Bluetooth Power Setting", gnome: "bluetooth", kde: "kcm_bluetooth"),
        Pane(name: "OpenBluetoothSettingsDeepLinks", title: "Open Bluetooth Settings", gnome: "bluetooth", kde: "kcm_bluetooth"),
        Pane(
            name: "OpenDefaultAppsSettingsDeepLink", title: "Open Default Apps Settings", gnome: "default-apps", kde: "kcm_componentchooser"
        ),
        Pane(name: "OpenDisplayAndBrightnessDeepLink", title: "Open Display & Brightness Settings", gnome: "display", kde: "kcm_kscreen"),
        Pane(
            name: "OpenInternationalSettingsDeepLink", title: "Open Language & Region Settings", gnome: "region", kde: "kcm_regionandlang"),
        Pane(name: "OpenKeyboardSettingsDeepLink", title: "Open Keyboard Settings", gnome: "keyboard", kde: "kcm_keyboard"),
        Pane(
            name: "OpenNotificationsSettingsDeepLinks", title: "Open Notifications Settings", gnome: "notifications",
            kde: "kcm_notifications"),
    ]

    static var all: [ActionDefinition] {
        mac.map { definition(for: $0, prefix: "com.apple.systempreferences.") }
            + mobile.map { definition(for: $0, prefix: "com.apple.Preferences.") }
            // Focus's own pane: Do Not Disturb is the notifications panel's switch here.
            + [
                definition(
                    for: Pane(
                        name: "OpenFocusSettingsDynamicDeepLinks", title: "Open Focus Settings", gnome: "notifications",
                        kde: "kcm_notifications"), prefix: "com.apple.donotdisturb.DoNotDisturbAppIntents.")
            ]
    }

    static func definition(for pane: Pane, prefix: String) -> ActionDefinition {
        var metadata = ActionMetadata(
            identifier: prefix + pane.name, title: pane.title,
            description: "Opens "
                + [pane.gnome.map { "GNOME Settings' \($0) panel" }, pane.kde.map { "KDE System Settings' \($0) module" }].compactMap { $0 }
                .joined(separator: " or ") + ", for the desktop this is.",
            parameters: [
                ParameterMetadata(
                    key: "target", title: "Pane", description: "The part of the pane Apple's opens at; the desktop's app opens the pane.",
                    type: .text)
            ],
            isReadOnly: false, keywords: ["settings", "preferences", "control center"])
        metadata.app = "System Settings"
        return ActionDefinition(metadata: metadata, passesInputThrough: true) { _ in
            { input, run in
                try open(pane, run: run)
                return input
            }
        }
    }

    /// Opens a pane in the desktop's settings app, started on its own as Open App starts apps.
    static func open(_ pane: Pane, run: RunContext) throws {
        let variables = run.environment.variables
        let current = variables["XDG_CURRENT_DESKTOP"] ?? ""
        let desktops = current.lowercased().split(separator: ":").map(String.init)
        let path = variables["PATH"]
        if desktops.contains("kde") {
            guard let module = pane.kde else {
                throw ActionFailure("KDE's System Settings has no counterpart of \(pane.title.dropFirst(5))")
            }
            guard let program = ["systemsettings", "systemsettings5"].lazy.compactMap({ run.findProgram($0, path: path) }).first else {
                throw ActionFailure("KDE's System Settings is not installed (install systemsettings)")
            }
            try DesktopAppActions.start(program, [module], named: "System Settings", run: run)
        } else if desktops.isEmpty || desktops.contains(where: DesktopSettingsActions.GNOMESettings.desktops.contains) {
            guard let panel = pane.gnome else { throw ActionFailure("GNOME Settings has no counterpart of \(pane.title.dropFirst(5))") }
            guard let program = run.findProgram("gnome-control-center", path: path) else {
                throw ActionFailure("GNOME Settings is not installed (install gnome-control-center)")
            }
            try DesktopAppActions.start(program, [panel], named: "GNOME Settings", run: run)
        } else {
            throw ActionFailure("\(current) has no settings app this action knows how to open (GNOME's and KDE's it does)")
        }
    }
}
