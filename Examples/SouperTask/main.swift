print("soupertask")
