// fuzz
