from models.isnet import ISNetGTEncoder, ISNetDIS
