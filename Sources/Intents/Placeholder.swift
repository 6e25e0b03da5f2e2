// Intents: being written
