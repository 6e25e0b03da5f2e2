// swift-tools-version: 6.0
import PackageDescription

// The layers, bottom to top (imports point down only):
//   PropertyList, ShortcutsContent        values, metadata and the plist codec
//   ShortcutsRPC                          newline-delimited JSON-RPC 2.0, the extension protocol
//   ShortcutFormat                        .shortcut files ⇄ a lossless Workflow model
//   ShortcutsEngine                       compiling and running a Workflow
//   BuiltinActions, AppActions            the built-in actions and their OS adapters; apps' actions
//   AppIntents                            the authoring SDK apps build against (Apple's API)
//   ShortcutsLibrary                      the user's shortcuts in $SHORTCUTS_HOME
//   ShortcutsCLI                          the `shortcuts` command, thin over the rest
let package = Package(
    name: "swift-shortcuts",
    products: [
        .executable(name: "shortcuts", targets: ["shortcuts"]),
        .library(name: "ShortcutsEngine", targets: ["ShortcutsEngine"]),
        .library(name: "ShortcutFormat", targets: ["ShortcutFormat"]),
    ],
    targets: [
        .target(name: "PropertyList"),
        .target(name: "ShortcutsContent"),
        .target(name: "ShortcutsRPC", dependencies: ["ShortcutsContent"]),
        .target(name: "ShortcutFormat", dependencies: ["PropertyList"]),
        .target(name: "ShortcutsEngine", dependencies: ["ShortcutsContent", "ShortcutFormat"]),
        // libcurl, loaded on first use so runs that never touch the network start fast.
        .target(name: "CCurlLoader"),
        .target(name: "BuiltinActions", dependencies: ["ShortcutsEngine", "CCurlLoader"]),
        .target(name: "ShortcutsLibrary", dependencies: ["ShortcutFormat"]),
        .target(name: "AppIntents", dependencies: ["ShortcutsContent", "ShortcutsRPC"]),
        .target(name: "AppActions", dependencies: ["ShortcutsEngine", "ShortcutsRPC"]),
        .target(
            name: "ShortcutsCLI",
            dependencies: ["ShortcutsEngine", "BuiltinActions", "ShortcutsLibrary", "AppActions"]
        ),
        .executableTarget(name: "shortcuts", dependencies: ["ShortcutsCLI"]),
        .executableTarget(name: "soupertask", dependencies: ["AppIntents"], path: "Examples/SouperTask"),
        .executableTarget(name: "askmeanything", dependencies: ["AppIntents"], path: "Examples/AskMeAnything"),
        .executableTarget(
            name: "shortcuts-benchmarks",
            dependencies: ["ShortcutsEngine", "BuiltinActions", "AppActions"],
            path: "Benchmarks/shortcuts-benchmarks"
        ),
        .executableTarget(
            name: "FuzzShortcutReader",
            dependencies: ["ShortcutFormat"],
            path: "Fuzz/FuzzShortcutReader"
        ),
        .testTarget(name: "PropertyListTests", dependencies: ["PropertyList"]),
        .testTarget(name: "ShortcutFormatTests", dependencies: ["ShortcutFormat"]),
        .testTarget(name: "ShortcutsEngineTests", dependencies: ["ShortcutsEngine"]),
        .testTarget(name: "BuiltinActionsTests", dependencies: ["BuiltinActions"]),
        .testTarget(name: "AppIntentsTests", dependencies: ["AppIntents"]),
        .testTarget(name: "AppActionsTests", dependencies: ["AppActions", "ShortcutsCLI"]),
        .testTarget(name: "ShortcutsCLITests", dependencies: ["ShortcutsCLI"]),
    ]
)
