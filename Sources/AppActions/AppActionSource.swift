import ShortcutsEngine

/// Actions that installed apps provide, found through their manifests.
public struct AppActionSource {}
