// The AppIntents module: see docs/ARCHITECTURE.md
