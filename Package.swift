// swift-tools-version: 6.0
import PackageDescription

// The layers, bottom to top (imports point down only):
//   PropertyList, Markup, ShortcutsContent values, metadata, the plist codec, HTML and Markdown
//   ShortcutsRPC                          newline-delimited JSON-RPC 2.0, the extension protocol
//   ShortcutFormat                        .shortcut files ⇄ a lossless Workflow model
//   DesktopBus                            D-Bus values, a client connection (over CSDBusLoader), the bus protocols
//   ShortcutsEngine                       compiling and running a Workflow; the run's environment and its adapters' protocols
//   ShortcutsPlatform                     the live adapters: processes, HTTP, D-Bus services, desktop, C libraries
//   ActionSupport                         what the action families share (parameters, files, dates, catalog entries)
//   CoreActions … ScriptActions           the built-in actions, one module per family; none imports another
//   BuiltinActions, AppActions            the families assembled into one catalog; apps' actions
//   AppIntents                            the authoring SDK apps build against (Apple's API)
//   Intents, IntentDefinitionCompiler     SiriKit custom intents: the SDK, and .intentdefinition → Swift
//   ShortcutsLanguage                     the text language ⇄ Workflow
//   ShortcutsLibrary                      the user's shortcuts in $SHORTCUTS_HOME
//   ShortcutsDesktop                      the library as the desktop sees it: search, phrases, its files
//   ShortcutsRun                          one run setup: engine, action sources, live environment
//   ShortcutsService, MCPServer           front ends over the engine: Shortcuts Events, MCP
//   ShortcutsApp                          the Shortcuts app: a web page served by shortcutsd
//   ShortcutsEvents                       the client library for the service
//   ShortcutsCLI, shortcutsd, intentgen   the executables, thin over the rest
let package = Package(
    name: "swift-shortcuts",
    defaultLocalization: "en",
    products: [
        .executable(name: "shortcuts", targets: ["shortcuts"]),
        .executable(name: "shortcutsd", targets: ["shortcutsd"]),
        .executable(name: "intentgen", targets: ["intentgen"]),
        .plugin(name: "IntentDefinitionPlugin", targets: ["IntentDefinitionPlugin"]),
        .library(name: "AppIntents", targets: ["AppIntents"]),
        .library(name: "Intents", targets: ["Intents"]),
        .library(name: "ShortcutsEvents", targets: ["ShortcutsEvents"]),
        .library(name: "ShortcutsEngine", targets: ["ShortcutsEngine"]),
        .library(name: "ShortcutFormat", targets: ["ShortcutFormat"]),
    ],
    targets: [
        .target(name: "PropertyList"),
        // LZFSE decoding in Swift (no Debian package provides it), for signed shortcuts.
        .target(name: "LZFSE"),
        // libcrypto (OpenSSL 3), loaded on first use, for checking signatures.
        .target(name: "CCryptoLoader"),
        // Apple Encrypted Archives (signed, not encrypted) and the Apple Archives inside them.
        .target(name: "AppleArchive", dependencies: ["LZFSE", "CCryptoLoader"]),
        // libxml2's HTML parser and cmark-gfm, loaded on first use, for rich text.
        .target(name: "CMarkupLoader"),
        // HTML and Markdown: pages as trees, their text, Markdown both ways, articles.
        .target(name: "Markup", dependencies: ["CMarkupLoader"]),
        .target(name: "ShortcutsContent", dependencies: ["PropertyList", "Markup"]),
        .target(name: "ShortcutsRPC", dependencies: ["ShortcutsContent"]),
        .target(name: "ShortcutFormat", dependencies: ["PropertyList", "AppleArchive"]),
        // The CPU's tick counter, for timing a run's steps in its trace.
        .target(name: "CTimestamp"),
        .target(
            name: "ShortcutsEngine",
            dependencies: ["ShortcutsContent", "ShortcutFormat", "PropertyList", "CTimestamp", "Markup", "DesktopBus"]),
        // libcurl, loaded on first use so runs that never touch the network start fast.
        .target(name: "CCurlLoader"),
        // libvips, libarchive, libqrencode and zbar, each loaded on first use like libcurl.
        .target(name: "CVipsLoader"),
        .target(name: "CMediaLoaders"),
        // libsystemd's sd-bus, loaded on first use: no -dev package is needed to build.
        .target(name: "CSDBusLoader"),
        .target(name: "CX11Loader"),
        // D-Bus values and a client connection, for the service and the actions that call desktop services.
        .target(name: "DesktopBus", dependencies: ["CSDBusLoader"]),
        // What the built-in action families share: enumerated parameters, files as actions see
        // them, filters and details, dates, places, digests, units, feeds, the catalog's entries.
        .target(name: "ActionSupport", dependencies: ["ShortcutsEngine", "ShortcutsContent", "ShortcutFormat", "Markup", "DesktopBus"]),
        // The live adapters behind a run: starting programs, HTTP (libcurl), the desktop's D-Bus
        // services, prompter, clipboard and notifications, this machine's details, and loading the
        // C libraries. Actions and front ends reach the machine through it.
        .target(
            name: "ShortcutsPlatform",
            dependencies: ["ShortcutsEngine", "ShortcutsContent", "ShortcutFormat", "ShortcutsRPC", "DesktopBus", "CCurlLoader"]),
        // Scripts: shell and other interpreters, SSH, and the Automator stand-in.
        .target(
            name: "ScriptActions",
            dependencies: ["ActionSupport", "ShortcutsEngine", "ShortcutsContent", "ShortcutFormat"]),
        // Text, numbers, lists, dictionaries, dates, encodings, content and questions: no platform, no C library.
        .target(name: "CoreActions", dependencies: ["ActionSupport", "ShortcutsEngine", "ShortcutsContent"]),
        // Spelling, languages, translation, spoken audio and definitions (hunspell, libexttextcat, espeak-ng, apertium, WordNet).
        .target(
            name: "LanguageActions",
            dependencies: ["ActionSupport", "ShortcutsEngine", "ShortcutsContent", "CMediaLoaders"]),
        // The person's calendars, reminders, contacts and notes (iCalendar and vCard files), and mail (SMTP over libcurl).
        .target(
            name: "PersonalDataActions",
            dependencies: ["ActionSupport", "ShortcutsEngine", "ShortcutsContent", "CCurlLoader"]),
        // Places, maps, the current location (GeoClue) and the weather.
        .target(
            name: "LocationActions",
            dependencies: ["ActionSupport", "ShortcutsEngine", "ShortcutsContent", "DesktopBus"]),
        // URLs, web requests and services, rich text and articles, podcasts.
        .target(name: "WebActions", dependencies: ["ActionSupport", "ShortcutsEngine", "ShortcutsContent", "Markup"]),
        // Files and folders, archives (libarchive), disk images and printing (CUPS).
        .target(
            name: "FileActions",
            dependencies: ["ActionSupport", "ShortcutsEngine", "ShortcutsContent", "CMediaLoaders", "Markup"]),
        // This computer: power, networks, the desktop and its apps, settings, clocks, disks, sound and media controls, the portal.
        .target(
            name: "DeviceActions",
            dependencies: ["ActionSupport", "ShortcutsEngine", "ShortcutsContent", "DesktopBus", "ShortcutsRPC", "CX11Loader"]),
        // Images (libvips), GIFs, PDFs, QR codes, text recognition, the camera, audio and video (FFmpeg), speech, photos and music.
        .target(
            name: "MediaActions",
            dependencies: ["ActionSupport", "ShortcutsEngine", "ShortcutsContent", "CVipsLoader", "CMediaLoaders"]),
        // Apple Intelligence: Use Model and the Writing Tools, over OpenAI-compatible model servers.
        .target(name: "IntelligenceActions", dependencies: ["LanguageModels", "ActionSupport", "ShortcutsEngine", "ShortcutsContent"]),
        // Talking to language models (OpenAI-compatible chat completions) and writing shortcuts from a sentence.
        .target(name: "LanguageModels", dependencies: ["ShortcutsEngine", "ShortcutsContent"]),
        .target(
            name: "BuiltinActions",
            dependencies: [
                "CoreActions", "FileActions", "WebActions", "MediaActions", "DeviceActions", "LocationActions", "PersonalDataActions",
                "LanguageActions", "ScriptActions", "IntelligenceActions", "ActionSupport", "ShortcutsPlatform", "ShortcutsEngine",
                "ShortcutsContent",
            ]),
        .target(name: "ShortcutsLibrary", dependencies: ["ShortcutFormat", "ShortcutsContent", "PropertyList"]),
        .target(name: "ShortcutsDesktop", dependencies: ["ShortcutsContent", "ShortcutsLibrary", "ShortcutFormat", "ShortcutsRPC"]),
        // The actions about the person's own shortcuts, over the library.
        .target(
            name: "LibraryActions",
            dependencies: ["ShortcutsEngine", "ShortcutsLibrary", "ShortcutFormat", "ShortcutsContent", "ShortcutsDesktop"]),
        // What Foundation on Linux lacks and intent code uses; both SDKs re-export it.
        .target(name: "FoundationAdditions", dependencies: ["ShortcutsContent"]),
        .target(name: "AppIntents", dependencies: ["ShortcutsContent", "ShortcutsRPC", "FoundationAdditions"]),
        .target(name: "AppActions", dependencies: ["ShortcutsEngine", "ShortcutsRPC", "ShortcutFormat", "ShortcutsContent"]),
        .target(name: "Intents", dependencies: ["ShortcutsContent", "ShortcutsRPC", "FoundationAdditions"]),
        .target(name: "IntentDefinitionCompiler", dependencies: ["PropertyList"]),
        .target(name: "ShortcutsLanguage", dependencies: ["ShortcutFormat", "ShortcutsContent", "PropertyList"]),
        // SQLite, loaded when the run history is first opened: no -dev package is needed to build.
        .target(name: "CSQLiteLoader"),
        // The run history: every run, its trace and profile, in one SQLite database.
        .target(name: "RunHistory", dependencies: ["CSQLiteLoader", "ShortcutsEngine", "ShortcutsContent", "ShortcutsRPC"]),
        // Automations: shortcuts that run by themselves, as systemd user units.
        .target(name: "Automations", dependencies: ["ShortcutsLibrary", "ShortcutsContent", "ShortcutsPlatform"]),
        // One way to set up a run (engine, action sources, live environment), for every front end.
        .target(
            name: "ShortcutsRun",
            dependencies: [
                "ShortcutsEngine", "BuiltinActions", "ShortcutsPlatform", "LibraryActions", "AppActions", "ShortcutsLibrary",
                "ShortcutsLanguage", "ShortcutFormat", "ShortcutsContent", "RunHistory", "LanguageModels",
            ]),
        .target(
            name: "ShortcutsService",
            dependencies: [
                "ShortcutsEngine", "AppActions", "ShortcutsLibrary", "ShortcutsRPC", "CSDBusLoader", "ShortcutsRun", "ShortcutFormat",
                "ShortcutsContent", "RunHistory", "Automations", "ShortcutsDesktop", "DesktopBus", "ShortcutsPlatform",
            ]
        ),
        // GNU libmicrohttpd, loaded when the app is first opened: no -dev package is needed to build.
        .target(name: "CMicroHTTPDLoader"),
        // The Shortcuts app: a web page served by shortcutsd on 127.0.0.1.
        .target(
            name: "ShortcutsApp",
            dependencies: [
                "ShortcutsService", "CMicroHTTPDLoader", "ShortcutsRun", "ShortcutsLibrary", "ShortcutsLanguage", "ShortcutsEngine",
                "BuiltinActions", "ShortcutFormat", "ShortcutsContent", "ShortcutsRPC", "PropertyList", "RunHistory", "LanguageModels",
            ],
            resources: [.copy("Page")]
        ),
        .target(name: "ShortcutsEvents", dependencies: ["ShortcutsContent", "ShortcutsRPC"]),
        .target(
            name: "MCPServer",
            dependencies: [
                "ShortcutsEngine", "AppActions", "ShortcutsLibrary", "ShortcutsRPC", "ShortcutsRun", "ShortcutFormat", "ShortcutsContent",
                "PropertyList", "RunHistory", "ShortcutsDesktop", "LanguageModels",
            ]
        ),
        .target(
            name: "ShortcutsCLI",
            dependencies: [
                "ShortcutsEngine", "ShortcutsPlatform", "ShortcutsLibrary", "AppActions", "ShortcutsLanguage", "MCPServer",
                "ShortcutsEvents", "ShortcutsRun", "PropertyList", "ShortcutFormat", "ShortcutsContent", "ShortcutsRPC", "RunHistory",
                "Automations", "ShortcutsDesktop", "LanguageModels",
            ]
        ),
        .executableTarget(name: "shortcuts", dependencies: ["ShortcutsCLI"]),
        .executableTarget(name: "shortcutsd", dependencies: ["ShortcutsService", "ShortcutsApp"]),
        .executableTarget(name: "intentgen", dependencies: ["IntentDefinitionCompiler"]),
        .plugin(name: "IntentDefinitionPlugin", capability: .buildTool(), dependencies: ["intentgen"]),
        .executableTarget(name: "soupertask", dependencies: ["AppIntents", "CSQLiteLoader"], path: "Examples/SouperTask"),
        .executableTarget(name: "askmeanything", dependencies: ["AppIntents"], path: "Examples/AskMeAnything"),
        // The app the benchmarks call: an intent that does nothing and one that lists entities.
        .executableTarget(name: "benchmarkapp", dependencies: ["AppIntents"], path: "Benchmarks/benchmark-app"),
        // A SiriKit-style app: its .intentdefinition becomes Swift at build time through the plugin.
        .executableTarget(
            name: "intentsdemo", dependencies: ["Intents"], path: "Examples/IntentsDemo", exclude: ["en.lproj"],
            plugins: ["IntentDefinitionPlugin"]),
        .executableTarget(
            name: "shortcuts-benchmarks",
            dependencies: [
                "ShortcutsEngine", "BuiltinActions", "AppActions", "ShortcutsLanguage", "ShortcutsEvents", "CSDBusLoader", "LZFSE",
                "ShortcutsRun", "ShortcutFormat", "ShortcutsContent", "ShortcutsRPC", "RunHistory",
            ],
            path: "Benchmarks/shortcuts-benchmarks"
        ),
        .executableTarget(
            name: "FuzzShortcutReader",
            dependencies: ["ShortcutFormat"],
            path: "Fuzz/FuzzShortcutReader"
        ),
        .executableTarget(
            name: "FuzzArchiveReader",
            dependencies: ["AppleArchive", "LZFSE", "ShortcutFormat"],
            path: "Fuzz/FuzzArchiveReader"
        ),
        .executableTarget(
            name: "FuzzShortcutPipeline",
            dependencies: ["BuiltinActions", "ShortcutFormat", "ShortcutsCLI", "ShortcutsEngine", "ShortcutsRun"],
            path: "Fuzz/FuzzShortcutPipeline"
        ),
        .executableTarget(name: "FuzzTextCompiler", dependencies: ["ShortcutsRun"], path: "Fuzz/FuzzTextCompiler"),
        .executableTarget(
            name: "FuzzContentGraph",
            dependencies: [
                "ActionSupport", "BuiltinActions", "PersonalDataActions", "Markup", "ShortcutFormat", "ShortcutsContent", "ShortcutsEngine",
            ],
            path: "Fuzz/FuzzContentGraph"),
        .executableTarget(name: "FuzzIntentDefinition", dependencies: ["IntentDefinitionCompiler"], path: "Fuzz/FuzzIntentDefinition"),
        .executableTarget(
            name: "FuzzAppDocument", dependencies: ["ShortcutsApp", "ShortcutFormat", "ShortcutsRPC", "ShortcutsRun"],
            path: "Fuzz/FuzzAppDocument"),
        .executableTarget(
            name: "FuzzMessages", dependencies: ["MCPServer", "ShortcutsContent", "ShortcutsLibrary", "ShortcutsRPC", "ShortcutsRun"],
            path: "Fuzz/FuzzMessages"
        ),
        // Writes the run history from a process of its own, for the history's tests.
        .executableTarget(name: "history-writer", dependencies: ["ShortcutsRun", "ShortcutsEngine"], path: "Tests/HistoryWriter"),
        // Running built executables in temporary homes, shared by the end-to-end tests.
        .target(name: "ShortcutsTestSupport", path: "Tests/ShortcutsTestSupport"),
        // Fakes of the run's adapters (an in-memory HTTP transport, a recording prompter, a fixed clock),
        // so an action's test runs in-process with no network, display or terminal.
        .target(name: "PlatformFakes", dependencies: ["ShortcutsEngine", "DesktopBus"], path: "Tests/PlatformFakes"),
        .testTarget(name: "PropertyListTests", dependencies: ["PropertyList", "ShortcutsTestSupport"]),
        .testTarget(name: "LZFSETests", dependencies: ["LZFSE", "ShortcutsTestSupport"]),
        .testTarget(name: "ShortcutFormatTests", dependencies: ["ShortcutFormat", "AppleArchive", "PropertyList", "ShortcutsTestSupport"]),
        .testTarget(
            name: "ShortcutsEngineTests", dependencies: ["ShortcutsEngine", "ShortcutsContent", "ShortcutFormat", "ShortcutsTestSupport"]),
        // What the action tests share: building and running small shortcuts over the built-in
        // catalog, scripted prompters, temporary folders, local HTTP and Python servers.
        .target(
            name: "ActionTestSupport",
            dependencies: [
                "BuiltinActions", "ShortcutsPlatform", "ShortcutsEngine", "ShortcutsContent", "ShortcutFormat", "PropertyList",
                "DesktopBus",
            ],
            path: "Tests/ActionTestSupport"),
        // One test target per action family (its actions through the catalog, in-process where the
        // run's adapters are faked, against local servers and dbusmock where they are real), and
        // BuiltinActionsTests for what spans families (the catalog, the content graph, everyday shortcuts).
        .testTarget(
            name: "BuiltinActionsTests",
            dependencies: [
                "IntelligenceActions", "CoreActions", "DeviceActions", "FileActions", "MediaActions", "PersonalDataActions",
                "LanguageActions", "LocationActions",
                "WebActions", "ScriptActions", "ActionTestSupport", "PlatformFakes", "BuiltinActions", "ActionSupport", "ShortcutsPlatform",
                "ShortcutsEngine", "ShortcutsContent", "ShortcutFormat", "PropertyList", "Markup", "DesktopBus",
            ]),
        .testTarget(
            name: "ActionSupportTests",
            dependencies: [
                "ActionTestSupport", "PlatformFakes", "BuiltinActions", "ActionSupport", "ShortcutsPlatform", "ShortcutsEngine",
                "ShortcutsContent", "ShortcutFormat", "PropertyList", "Markup", "DesktopBus",
            ]),
        .testTarget(
            name: "CoreActionsTests",
            dependencies: [
                "CoreActions", "ActionTestSupport", "PlatformFakes", "BuiltinActions", "ActionSupport", "ShortcutsPlatform",
                "ShortcutsEngine", "ShortcutsContent", "ShortcutFormat", "PropertyList", "Markup", "DesktopBus",
            ]),
        .testTarget(
            name: "FileActionsTests",
            dependencies: [
                "FileActions", "ActionTestSupport", "PlatformFakes", "BuiltinActions", "ActionSupport", "ShortcutsPlatform",
                "ShortcutsEngine", "ShortcutsContent", "ShortcutFormat", "PropertyList", "Markup", "DesktopBus",
            ]),
        .testTarget(
            name: "WebActionsTests",
            dependencies: [
                "WebActions", "ActionTestSupport", "ShortcutsTestSupport", "PlatformFakes", "BuiltinActions", "ActionSupport",
                "ShortcutsPlatform",
                "ShortcutsEngine", "ShortcutsContent", "ShortcutFormat", "PropertyList", "Markup", "DesktopBus",
            ]),
        .testTarget(
            name: "MediaActionsTests",
            dependencies: [
                "MediaActions", "CVipsLoader", "CMediaLoaders", "ActionTestSupport", "ShortcutsTestSupport", "PlatformFakes",
                "BuiltinActions", "ActionSupport", "ShortcutsPlatform",
                "ShortcutsEngine", "ShortcutsContent", "ShortcutFormat", "PropertyList", "Markup", "DesktopBus",
            ]),
        .testTarget(
            name: "DeviceActionsTests",
            dependencies: [
                "DeviceActions", "ActionTestSupport", "ShortcutsTestSupport", "PlatformFakes", "BuiltinActions", "ActionSupport",
                "ShortcutsPlatform",
                "ShortcutsEngine", "ShortcutsContent", "ShortcutFormat", "PropertyList", "Markup", "DesktopBus",
            ]),
        .testTarget(
            name: "LocationActionsTests",
            dependencies: [
                "LocationActions", "ActionTestSupport", "PlatformFakes", "BuiltinActions", "ActionSupport", "ShortcutsPlatform",
                "ShortcutsEngine", "ShortcutsContent", "ShortcutFormat", "PropertyList", "Markup", "DesktopBus",
            ]),
        .testTarget(
            name: "PersonalDataActionsTests",
            dependencies: [
                "PersonalDataActions", "ActionTestSupport", "ShortcutsTestSupport", "PlatformFakes", "BuiltinActions", "ActionSupport",
                "ShortcutsPlatform",
                "ShortcutsEngine", "ShortcutsContent", "ShortcutFormat", "PropertyList", "Markup", "DesktopBus",
            ]),
        .testTarget(
            name: "LanguageActionsTests",
            dependencies: [
                "LanguageActions", "ActionTestSupport", "PlatformFakes", "BuiltinActions", "ActionSupport", "ShortcutsPlatform",
                "ShortcutsEngine", "ShortcutsContent", "ShortcutFormat", "PropertyList", "Markup", "DesktopBus",
            ]),
        .testTarget(
            name: "IntelligenceActionsTests",
            dependencies: [
                "IntelligenceActions", "ActionTestSupport", "PlatformFakes", "BuiltinActions", "ActionSupport", "ShortcutsPlatform",
                "ShortcutsEngine", "ShortcutsContent", "ShortcutFormat", "PropertyList", "Markup", "DesktopBus", "ShortcutsLanguage",
            ]),
        .testTarget(
            name: "LanguageModelsTests",
            dependencies: ["LanguageModels", "ShortcutsRun", "PlatformFakes", "ShortcutsEngine", "ShortcutsContent", "ShortcutsLibrary"]),
        // Use Model and the Writing Tools against a real model server (llama-cpp-python, SmolLM2).
        .testTarget(
            name: "ModelServerTests",
            dependencies: [
                "ActionTestSupport", "PlatformFakes", "ShortcutsTestSupport", "BuiltinActions", "ShortcutsPlatform", "ShortcutsEngine",
                "ShortcutsContent", "ShortcutFormat",
            ]),
        .testTarget(
            name: "ScriptActionsTests",
            dependencies: [
                "ScriptActions", "ActionTestSupport", "PlatformFakes", "BuiltinActions", "ActionSupport", "ShortcutsPlatform",
                "ShortcutsEngine", "ShortcutsContent", "ShortcutFormat", "PropertyList", "Markup", "DesktopBus",
            ]),
        .testTarget(name: "AppIntentsTests", dependencies: ["AppIntents", "ShortcutsContent", "ShortcutsRPC"]),
        .testTarget(
            name: "ShortcutsDesktopTests",
            dependencies: ["ShortcutsDesktop", "ShortcutsLibrary", "ShortcutsContent", "ShortcutsTestSupport"]),
        .testTarget(
            name: "AppActionsTests",
            dependencies: [
                "AppActions", "ShortcutsCLI", "ShortcutsTestSupport", "BuiltinActions", "PropertyList", "ShortcutFormat",
                "ShortcutsContent", "ShortcutsEngine", "ShortcutsRPC",
            ]),
        .testTarget(
            name: "ShortcutsCLITests",
            dependencies: [
                "ShortcutsCLI", "ShortcutsTestSupport", "PropertyList", "ShortcutFormat", "ShortcutsLibrary", "RunHistory", "CVipsLoader",
            ]),
        .testTarget(name: "AutomationsTests", dependencies: ["Automations"]),
        .testTarget(name: "RunHistoryTests", dependencies: ["RunHistory", "ShortcutsEngine", "ShortcutsTestSupport"]),
        .testTarget(
            name: "IntentDefinitionCompilerTests",
            dependencies: [
                "IntentDefinitionCompiler", "Intents", "PropertyList", "ShortcutsContent", "ShortcutsRPC", "ShortcutsTestSupport",
            ]),
        .testTarget(
            name: "ShortcutsLanguageTests",
            dependencies: [
                "ShortcutsLanguage", "ShortcutsCLI", "BuiltinActions", "PropertyList", "ShortcutFormat", "ShortcutsEngine",
                "ShortcutsContent", "ShortcutsTestSupport",
            ]),
        .testTarget(
            name: "ShortcutsServiceTests",
            dependencies: ["ShortcutsService", "ShortcutsEvents", "ShortcutsCLI", "ShortcutsTestSupport", "ShortcutFormat", "ShortcutsRPC"]),
        .testTarget(
            name: "ShortcutsAppTests",
            dependencies: [
                "ShortcutsApp", "ShortcutsService", "ShortcutsTestSupport", "ShortcutFormat", "ShortcutsRPC", "ShortcutsRun",
                "ShortcutsContent",
            ],
            exclude: ["browser_session.py"]),
        .testTarget(
            name: "MCPServerTests",
            dependencies: ["MCPServer", "ShortcutsCLI", "ShortcutsTestSupport", "ShortcutsContent", "ShortcutsEngine", "ShortcutsRPC"]),
    ]
)
