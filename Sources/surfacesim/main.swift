print("surfacesim")
