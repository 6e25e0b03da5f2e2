print("askmeanything")
