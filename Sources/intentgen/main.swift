print("intentgen: being written")
