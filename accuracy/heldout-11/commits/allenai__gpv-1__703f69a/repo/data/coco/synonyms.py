SYNONYMS = {
    "airplane": [
        "plane",
        "air-plane",
        "airplane",
        "aeroplane",
        "air plane",
        "aircraft",
        "air craft",
        "air-craft",
        "jet",
        "airliner",
        "flight",
    ],
    "apple": [
        "apple",
    ],
    "backpack": [
        "back-pack",
        "backpack",
        "packsack",
        "back pack",
        "knapsack",
        "haversack",
        "rucksack",
        "pack",
    ],
    "banana": [
        "banana",
    ],
    "baseball bat": [
        "baseballbat",
        "baseball bat",
        "baseball-bat",
        "bat"
    ],
    "baseball glove": [
        "baseball-glove",
        "baseball glove",
        "baseballglove",
        "glove",
    ],
    "bear": [
        "bear",
    ],
    "bed": [
        "bed",
        "bunk",
        "cot",
        "mattress",
    ],
    "bench": [
        "work-bench",
        "bench",
        "workbench",
        "work bench",
        "parkbench",
        "park bench",
        "park-bench",
    ],
    "bicycle": [
        "bike",
        "cycle",
        "bicycle"
    ],
    "bird": [
        "birdie",
        "bird",
        "fowl",
        "chick",
        "avian",
        "sparrow",
        "crow",
        "pigeon",
        
    ],
    "boat": [
        "boat",
        "canoe",
        "sailboat",
        "ship",
        "yacht",
        "motorboat",
        "rowboat",
        "speedboat",
    ],
    "book": [
        "script",
        "book",
        "record",
        "ledger",
        "novel",
        "paperback",
        "textbook",
        "booklet",
        "notebook",
    ],
    "bottle": [
        "nursing bottle",
        "feeding bottle",
        "feeding-bottle",
        "nursing-bottle",
        "nursingbottle",
        "bottle",
        "feedingbottle",
    ],
    "bowl": [
        "bowl",
    ],
    "broccoli": [
        "broccoli",
    ],
    "bus": [
        "double-decker",
        "charabanc",
        "motorbus",
        "omnibus",
        "bus",
        "autobus",
        "minibus",
    ],
    "cake": [
        "cake",
        "cupcake",
        "pastry",
    ],
    "car": [
        "car",
        "motorcar",
        "automobile",
    ],
    "carrot": [
        "carrot",
    ],
    "cat": [
        "cat",
        "kitten",
        "pussycat",
        "kitty",
        "tomcat",
        "bobcat",
    ],
    "cell phone": [
        "cellphone",
        "cell-phone",
        "cell phone",
        "mobile-phone",
        "mobile phone",
        "mobilephone",
    ],
    "chair": [
        "chair",
        "armchair",
    ],
    "clock": [
        "clock",
        "alarm",
        "watch",
        "wristwatch",
    ],
    "couch": [
        "sofa",
        "couch",
        "lounge"
    ],
    "cow": [
        "cow",
    ],
    "cup": [
        "cup",
        "mug",
        "glass"
    ],
    "dining table": [
        "diningtable",
        "dining-table",
        "dining table",
        "dinner table",
        "dinner-table",
        "dinnertable",
        "table"
    ],
    "dog": [
        "hound",
        "dog",
        "puppy",
        "pup",
    ],
    "donut": [
        "donut",
        "doughnut"
    ],
    "elephant": [
        "elephant"
    ],
    "fire hydrant": [
        "fire hydrant",
        "fire-hydrant",
        "firehydrant",
        "hydrant",
        
    ],
    "fork": [
        "fork",
    ],
    "frisbee": [
        "frisbee"
    ],
    "giraffe": [
        "giraffe",
    ],
    "hair drier": [
        "hair-dryer",
        "hair-drier",
        "hairdrier",
        "hair drier",
        "drier",
        "hair dryer",
        "hairdryer",
        "dryer"
    ],
    "handbag": [
        "bag",
        "hand-bag",
        "hand bag",
        "handbag",
        "purse",
        "wallet",
        "clutch",
    ],
    "horse": [
        "horse",
        "pony",
        "mare",
        "stallion",
        "colt",
        "foal",
        "steed",
    ],
    "hot dog": [
        "hotdog",
        "hot-dog",
        "hot dog"
    ],
    "keyboard": [
        "keyboard"
    ],
    "kite": [
        "kite"
    ],
    "knife": [
        "knife",
        "blade",
        "dagger",
    ],
    "laptop": [
        "laptop",
        "laptopcomputer",
        "laptop computer",
        "laptop-computer",
        "lap top",
        "lap top computer",
    ],
    "microwave": [
        "microwave",
        "microwaveoven",
        "microwave-oven",
        "microwave oven",
    ],
    "motorcycle": [
        "motor cycle",
        "bike",
        "motor bike",
        "motorcycle",
        "motor-bike",
        "motor-cycle",
        "motorbike",
        "moped",
    ],
    "mouse": [
        "computer mouse",
        "mouse",
        "computermouse",
        "computer-mouse",
    ],
    "orange": [
        "orange",
    ],
    "oven": [
        "oven"
    ],
    "parking meter": [
        "parkingmeter",
        "parking-meter",
        "parking meter"
    ],
    "person": [
        "mortal",
        "someone",
        "somebody",
        "women",
        "men",
        "individual",
        "person",
        "woman",
        "man",
        "people",
        "soul",
        "human",
        "guy",
        "girl",
        "boy",
        "child",
        "kid",
        "baby"
    ],
    "pizza": [
        "pizzapie",
        "pizza-pie",
        "pizza pie",
        "pizza"
    ],
    "potted plant": [
        "potted-plant",
        "potted plant",
        "pottedplant",
        "plant",
        "house plant",
        "house-plant",
        "houseplant"
    ],
    "refrigerator": [
        "refrigerator",
        "icebox",
        "fridge",
    ],
    "remote": [
        "remote",
        "remotecontrol",
        "remote-control",
        "remote control",
    ],
    "sandwich": [
        "sandwich",
        "burger",
        "sub"
    ],
    "scissors": [
        "scissors",
        "clippers",
        "shears",
    ],
    "sheep": [
        "sheep",
        "lamb",
    ],
    "sink": [
        "sink",
        "basin",
    ],
    "skateboard": [
        "skateboard",
        "skate-board",
        "skate board"
    ],
    "skis": [
        "skis",
        "ski"
    ],
    "snowboard": [
        "snowboard",
        "snow board",
        "snow-board"
    ],
    "spoon": [
        "spoon",
    ],
    "sports ball": [
        "sports-ball",
        "football",
        "basketball",
        "sportsball",
        "sports ball",
        "ball"
    ],
    "stop sign": [
        "stop-sign",
        "stop sign",
        "stopsign"
    ],
    "suitcase": [
        "suitcase",
        "traveling-bag",
        "traveling bag",
        "travelingbag",
        "travelling bag",
        "travelling-bag",
        "travellingbag"
    ],
    "surfboard": [
        "surf board",
        "surf-board",
        "surfboard",
        "surf"
    ],
    "teddy bear": [
        "teddybear",
        "teddy bear",
        "teddy-bear",
        "teddy",
        "stuffed toy",
        "toy",
    ],
    "tennis racket": [
        "tennis-racket",
        "tennisracket",
        "tennis racket",
        "racket",
    ],
    "tie": [
        "necktie",
        "crosstie",
        "tie",
    ],
    "toaster": [
        "toaster"
    ],
    "toilet": [
        "pot",
        "lavatory",
        "commode",
        "bathroom",
        "toilet",
        "crapper",
        "sewer",
        "toilette",
        "privy",
        "restroom",
        "washroom",
        "latrine",
        "outhouse",
    ],
    "toothbrush": [
        "tooth brush",
        "toothbrush",
        "tooth-brush",
    ],
    "traffic light": [
        "traffic-light",
        "traffic light",
        "trafficlight",
        "traffic signal",
        "traffic-signal",
        "trafficsignal",
    ],
    "train": [
        "rail",
        "train",
        "power-train",
        "wagontrain",
        "wagon train",
        "coach",
        "railroad train",
        "powertrain",
        "railroad-train",
        "railroadtrain",
        "wagon-train",
        "caboose",
    ],
    "truck": [
        "hand truck",
        "truck",
        "handtruck",
        "motortruck",
        "hand-truck",
        "lorry",
    ],
    "tv": [
        "televisionset",
        "tv set",
        "televisionreceiver",
        "tv",
        "television",
        "idiot-box",
        "television-set",
        "tv-set",
        "television receiver",
        "telecasting",
        "television set",
        "television-receiver",
        "telly",
        "tvset",
        "idiotbox",
        "idiot box",
    ],
    "umbrella": [
        "umbrella",
        "parasol",
    ],
    "vase": [
        "vase"
    ],
    "wine glass": [
        "wine-glass",
        "wine glass",
        "wineglass"
    ],
    "zebra": [
        "zebra"
    ]
}
