

Name = {
	1: "Alien",
	2: "Amidar",
	3: "Assault",
	4: "Asterix",
	5: "Asteroids",
	6: "Atlantis",

	7: "BankHeist",
	8: "BattleZone",
	9: "BeamRider",
	10: "Berzerk",
	11: "Bowling",
	12: "Boxing",
	13: "Breakout",

	14: "Centipede",
	15: "ChopperCommand",
	16: "CrazyClimber",

	17: "Defender",
	18: "DemonAttack",
	19: "DoubleDunk",

	20: "Enduro",

	21: "FishingDerby",
	22: "Freeway",
	23: "Frostbite",

	24: "Gopher",
	25: "Gravitar",

	26: "Hero",
	27: "IceHockey",

	28: "Jamesbond",

	29: "Kangaroo",
	30: "Krull",
	31: "KungFuMaster",

	32: "MontezumaRevenge",
	33: "MsPacman",
	34: "NameThisGame",

	35: "Phoenix",
	36: "Pitfall",
	37: "Pong",
	38: "PrivateEye",

	39: "Qbert",

	40: "Riverraid",
	41: "RoadRunner",
	42: "Robotank",

	43: "Seaquest",
	44: "Skiing",
	45: "Solaris",
	46: "SpaceInvaders",
	47: "StarGunner",
	48: "Surround",

	49: "Tennis",
	50: "TimePilot",
	51: "Tutankham",

	52: "UpNDown",

	53: "Venture",
	54: "VideoPinball",

	55: "WizardOfWor",

	56: "YarsRevenge",
	57: "Zaxxon",
}













