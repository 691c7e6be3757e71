TRIPLE_EXAMPLARS_HOTPOTQA = [
    # 1 - 5
    {
        "title": "Heinrich von B\u00fclow (Grotekop)",
        "text": "Heinrich von B\u00fclow also known as Big Top (Grotekop) was a knight born in the middle of the fourteenth century. He died either before 1395 or during 1415. He prospered as a warrior-supporter of Prince Albrecht of Mecklenburg (and of Sweden). Outside Mecklenberg, Heinrich Grotekop is still remembered in many quarters as an archetypal robber baron on account of his appetite for feuding.", 
        "triples": "<Heinrich von B\u00fclow (Grotekop); also known as; Big Top (Grotekop)>\n<Heinrich von B\u00fclow (Grotekop); born in; middle of the fourteenth century>\n<Heinrich von B\u00fclow (Grotekop); died; before 1395 or during 1415>\n<Heinrich von B\u00fclow (Grotekop); occupation; warrior-supporter>\n<Heinrich von B\u00fclow (Grotekop); supported; Prince Albrecht of Mecklenburg (and of Sweden)>\n<Heinrich von B\u00fclow (Grotekop); remembered as; archetypal robber baron>\n<Heinrich von B\u00fclow (Grotekop); characterized by; appetite for feuding>"
    },
    {
        "title": "All the Way (Craig David song)",
        "text": "\"All the Way\" is the first single released by the British singer Craig David from his third album \"The Story Goes...\". It was the first single he released with new label Warner Bros. Records after Wildstar Records went bankrupt. After missing the top ten with previous singles \"World Filled with Love\" and \"You Don't Miss Your Water ('Til the Well Runs Dry)\", \"All The Way\" returned David to the top three. It was the highest-charting single from \"The Story Goes...\" but not the biggest-selling as \"Don't Love You No More (I'm Sorry)\" spent over double the amount of weeks inside the UK top 75. The music video became the sixth Craig David video directed by Max & Dania.",
        "triples": "<All the Way (Craig David song); first single from the album; The Story Goes...>\n<All the Way (Craig David song); released by; British singer Craig David>\n<All the Way (Craig David song); record label; Warner Bros. Records>\n<All the Way (Craig David song); previous record label; Wildstar Records>\n<All the Way (Craig David song); chart performance; returned to top three>\n<All the Way (Craig David song); highest-charting single from; The Story Goes...>\n<All the Way (Craig David song); not the biggest-selling as; Don't Love You No More (I'm Sorry)>\n<All the Way (Craig David song); director of the music video; Max & Dania>"
    },
    {
        "title": "Chuck Essegian",
        "text": "Charles Abraham \"Chuck\" Essegian (born August 9, 1931) is an American former professional baseball left fielder. He played in Major League Baseball (MLB) the Philadelphia Phillies, St. Louis Cardinals, Los Angeles Dodgers, Baltimore Orioles, Kansas City Athletics, and Cleveland Indians. He also played one season in Nippon Professional Baseball (NPB) for the Kintetsu Buffaloes.",
        "triples": "<Chuck Essegian; full name; Charles Abraham \"Chuck\" Essegian>\n<Chuck Essegian; date of birth; August 9, 1931>\n<Chuck Essegian; nationality; American>\n<Chuck Essegian; occupation; former professional baseball left fielder>\n<Chuck Essegian; played in the league; Major League Baseball (MLB)>\n<Chuck Essegian; played for the teams in MLB; Philadelphia Phillies, St. Louis Cardinals, Los Angeles Dodgers, Baltimore Orioles, Kansas City Athletics, and Cleveland Indians>\n<Chuck Essegian; played one season in the league; Nippon Professional Baseball (NPB)>\n<Chuck Essegian; played for the teams in NPB; Kintetsu Buffaloes>",
    },
    {
        "title": "Pacific International Enterprises",
        "text": "Pacific International Enterprises (PIE) is an American film production company and film distributor, founded by Arthur R. Dubs as a producer of family films. PIE is a privately held company that has been in business for over thirty years as \"\"A Universal Force in Family Film Entertainment\"\". Their films have been continually licensed and re-licensed for television by various channels such as HBO, Disney, TNT, CBS and in over 100 countries worldwide. Many of PIE's movies are filmed on location with outdoor scenery shots such as the state of Oregon in \"Sacred Ground\", the state of Utah in \"Windwalker\" and the state of Colorado for the three films of the \"Wilderness Family\" for example.",
        "triples": "<Pacific International Enterprises; abbreviation; PIE>\n<Pacific International Enterprises; country where the company is based; American>\n<Pacific International Enterprises; types of business; film production and distribution>\n<Pacific International Enterprises; founder; Arthur R. Dubs>\n<Pacific International Enterprises; business structure; privately held company>\n<Pacific International Enterprises; duration of operation; in business for over thirty years>\n<Pacific International Enterprises; slogan; A Universal Force in Family Film Entertainment>\n<Pacific International Enterprises; channels that have licensed the company's films; HBO, Disney, TNT, CBS>\n<Pacific International Enterprises; international reach; over 100 countries worldwide>\n<Pacific International Enterprises; filming locations; Oregon in \"Sacred Ground\", Utah in \"Windwalker\", Colorado in \"Wilderness Family\">", 
    },
    {
        "title": "Farley, New South Wales",
        "text": "Farley is a rural village in the City of Maitland in the Hunter Region of New South Wales, Australia. Early settler Captain Emanuel Hungerford arrived in New South Wales in 1828 before purchasing an established 2000 acre property named Lochdon. Here he built a homestead he called Farley House, from which Farley takes its name, after his ancestral home of Farleigh Hungerford, Somerset. The village is bordered to the north by the Main North railway line, and a station served the surrounding area from 1860 until 1975. The Farley Wastewater Treatment Works is located in a rural area south of the village.",
        "triples": "<Farley, New South Wales; type; rural village>\n<Farley, New South Wales; location; in the City of Maitland in the Hunter Region of New South Wales, Australia>\n<Farley, New South Wales; named after; Farley House>\n<Farley, New South Wales; established by; Captain Emanuel Hungerford>\n<Farley, New South Wales; border; to the north by the Main North railway line>\n<Farley, New South Wales; period during which the station was active; 1860 until 1975>\n<Farley, New South Wales; facility; Farley Wastewater Treatment Works>\n<Farley, New South Wales; facility location; in a rural area south of the village>", 
    },
    # 6 - 10 
    {
        "title": "Nick Perry (writer)",
        "text": "Nick Perry is a British playwright and screenwriter. He is a graduate of the National Film and Television School. His first play Arrivederci Millwall was produced by The Combination at The Albany Empire, Deptford in 1985 and jointly won the Samuel Beckett Award. \"Smallholdings\" was first performed at the Kings Head Theatre in 1986, and \"The Vinegar Fly\" at the Soho Poly in 1988. \"Near Cricket St Thomas, 1919\" was directed by Alan Ayckbourn at the McCarthy Theatre, Scarborough in 1997. \"An Illustrated Talk\" was performed at the Newtown Theatre, Sydney, as part of the 2008 Short and Sweet festival. His radio play \"The Loop\" was broadcast on BBC Radio 4 in November 2009 and won a Sony Radio Academy bronze award. Andrew Scott was named Best Supporting Actor at the inaugural BBC Audio Drama awards in 2012 for his performance in Perry's radio play, \"Referee\".",
        "triples": "<Nick Perry (writer); nationality; British>\n<Nick Perry (writer); occupation; playwright and screenwriter>\n<Nick Perry (writer); education; graduate of the National Film and Television School>\n<Nick Perry (writer); written first play; Arrivederci Millwall>\n<Nick Perry (writer); producer of his first play; The Combination at The Albany Empire, Deptford>\n<Nick Perry (writer); production year of his first play; 1985>\n<Nick Perry (writer); awarded; Samuel Beckett Award for Arrivederci Millwall>\n<Nick Perry (writer); play written by him that was first performed at the Kings Head Theatre in 1986; Smallholdings>\n<Nick Perry (writer); play written by him at the Soho Poly in 1988; The Vinegar Fly>\n<Nick Perry (writer); play written by him that was Alan Ayckbourn at the McCarthy Theatre Scarborough in 1997; Near Cricket St Thomas, 1919>\n<Nick Perry (writer); play written by him that was performed at the Newtown Theatre, Sydney, as part of the 2008 Short and Sweet festival; An Illustrated Talk>\n<Nick Perry (writer); radio play written by him that was broadcast on BBC Radio 4 in November 2009; The Loop>\n<Nick Perry (writer); awarded; Sony Radio Academy bronze award for The Loop>\n<Nick Perry (writer); radio play written by him that was awarded Best Supporting Actor at the inaugural BBC Audio Drama awards in 2012; Referee>",
    },
    {
        "title": "Ellen Glasgow",
        "text": "Ellen Anderson Gholson Glasgow (April 22, 1873 \u2013 November 21, 1945) was an American novelist who portrayed the changing world of the contemporary South.",
        "triples": "<Ellen Glasgow; full name; Ellen Anderson Gholson Glasgow>\n<Ellen Glasgow; date of birth; April 22, 1873>\n<Ellen Glasgow; date of death; November 21, 1945>\n<Ellen Glasgow; nationality; American>\n<Ellen Glasgow; occupation; novelist>\n<Ellen Glasgow; the theme of her literary work; changing world of the contemporary South>", 
    },
    {
        "title": "Morghem's .500 Nitro Express",
        "text": "Morghem's .500 Nitro Express known as Frank's Khing at owner/call name registered events, is a UKC registered male American Pit Bull Terrier. Who competes in dog sports and conformation shows earning titles in Dock Jump, Lure Course, Show Champion, Rally Obedience and Weight Pull. Khing has been awarded the AKC Canine Good Citizen and USTTA temperament tested certifications.",
        "triples": "<Morghem's .500 Nitro Express; also known as; Frank's Khing>\n<Morghem's .500 Nitro Express; registration status; UKC registered>\n<Morghem's .500 Nitro Express; species; male American Pit Bull Terrier>\n<Morghem's .500 Nitro Express; competitions in which he participates; dog sports and conformation shows>\n<Morghem's .500 Nitro Express; titles earned; Dock Jump, Lure Course, Show Champion, Rally Obedience, Weight Pull>\n<Morghem's .500 Nitro Express; awarded; AKC Canine Good Citizen and USTTA temperament tested certifications>", 
    },
    {
        "title": "David Majzlin",
        "text": "David Majzlin is an Emmy\u00ae-nominated composer whose credits include numerous critically acclaimed films such as \"The Loving Story\", \"Youth Knows No Pain\", and \"Sins of My Father\" (\"Pecados De Mi Padre\") for HBO, \"Herb and Dorothy\", \"Stille\", (Winner - Best Score - Avignon Film Festival), \"Being Reel\", (Winner - Grand Prize - Project Greenlight Competition), and \"Shenandoah\" ( Louverture Films, Netflix), directed by Pulitzer Prize-winning photographer, David Turnley. He also wrote additional music for \"Diana Vreeland: The Eye Has To Travel\" (Samuel Goldwyn Films, Venice Film Festival, Toronto International Film Festival), \"Sunshine Cleaning\" (Nomination - Grand Jury Prize - Sundance Film Festival) - starring Amy Adams, Emily Blunt, and Alan Arkin, and source music for \"The Ghost Writer\" (dir., Roman Polanski, starring Ewan McGregor, Pierce Brosnan, Kim Catrall), \"All Good Things\" (dir., Andrew Jarecki, starring Ryan Gosling, Kirsten Dunst, Frank Langella), and \"The Joneses\" (starring Demi Moore, David Duchovny, and Lauren Hutton).",
        "triples": "<David Majzlin; occupation; composer>\n<David Majzlin; recognition; Emmy\u00ae-nominated composer>\n<David Majzlin; notable works he worked with HBO; The Loving Story, Youth Knows No Pain, Sins of My Father (Pecados De Mi Padre)>\n<David Majzlin; notable award-winning works he participated in; Herb and Dorothy, Stille (Winner - Best Score - Avignon Film Festival), Being Reel (Winner - Grand Prize - Project Greenlight Competition), Shenandoah (Louverture Films, Netflix)>\n<David Majzlin; works he wrote additional music for; Diana Vreeland: The Eye Has To Travel (Samuel Goldwyn Films, Venice Film Festival, Toronto International Film Festival), Sunshine Cleaning (Nomination - Grand Jury Prize - Sundance Film Festival)>\n<David Majzlin; works he wrote source music for; The Ghost Writer (dir., Roman Polanski, starring Ewan McGregor, Pierce Brosnan, Kim Catrall), All Good Things (dir., Andrew Jarecki, starring Ryan Gosling, Kirsten Dunst, Frank Langella), The Joneses (starring Demi Moore, David Duchovny, and Lauren Hutton)>", 
    },
    {
        "title": "Todd David Lawhorne",
        "text": "Todd David Lawhorne is an American theatre and film actor. Member of AFTRA and AEA. Best known for his starring role as Dalton Monroe in \"In Plain Sight\" and his supporting role as Phil the skinhead in \"The Bros,\" starring Shaquille O'Neal and Joey Fatone. In New York City, he starred in numerous plays off and off-off Broadway, including \"Twelfth Night\" at Lincoln Center and Laertes in Pineapple Project's production of \"Hamlet.\" Resident actor of the Children's Theatre at the New York Hall of Science.",
        "triples": "<Todd David Lawhorne; nationality; American>\n<Todd David Lawhorne; occupation; theatre and film actor>\n<Todd David Lawhorne; member of; AFTRA and AEA>\n<Todd David Lawhorne; best known for; starring role as Dalton Monroe in \"In Plain Sight\", supporting role as Phil the skinhead in \"The Bros\">\n<Todd David Lawhorne; co-stars; Shaquille O'Neal and Joey Fatone in \"The Bros\">\n<Todd David Lawhorne; theatre plays he starred in plays off and off-off Broadway in New York City; \"Twelfth Night\" at Lincoln Center, Laertes in Pineapple Project's production of \"Hamlet\">\n<Todd David Lawhorne; position; resident actor of the Children's Theatre at the New York Hall of Science>", 
    },
    # 11 - 15
    {
        "title": "1999 du Maurier Open \u2013 Men's Doubles",
        "text": "Martin Damm and Jim Grabb were the defending champions, but competed this year with different partners. Damm teamed up with Max Mirnyi and lost in second round to Ellis Ferreira and Rick Leach, while Grabb teamed up with Goran Ivani\u0161evi\u0107 and lost in quarterfinals also against Ferreira-Leach.",
        "triples": "<1999 du Maurier Open \u2013 Men's Doubles; participants; Damm, Jim Grabb, Max Mirnyi, Ellis Ferreira, Rick Leach, Goran Ivani\u0161evi\u0107>\n<1999 du Maurier Open \u2013 Men's Doubles; events; Damm teamed up with Max Mirnyi>\n<1999 du Maurier Open \u2013 Men's Doubles; events; Damm-Max Mirnyi team lost to Ellis Ferreira-Rick Leach team in second round>\n<1999 du Maurier Open \u2013 Men's Doubles; events; Grabb-Goran Ivani\u0161evi\u0107 lost to Ellis Ferreira-Rick Leach team in quarterfinals>"
    },
    {
        "title": "Kelie McIver",
        "text": "Kelie McIver is a Kansas-born actress and singer who has played classical stage roles such as Lady Macbeth and Nurse in \"Romeo & Juliet\" for Kingsmen Shakespeare Festival, Viola in \"Twelfth Night\" for both Nevada Shakespeare in the Park and Shakespeare at Play, Hecuba in \"The Trojan Women\", Kate in \"Taming of the Shrew\", Rosalind in \"As You Like It\", Doll Common in Mark Ringer's production of \"The Alchemist\" and as both Puck and Titania in separate productions of \"A Midsummer Night's Dream\". She has also appeared in roles in non-classical plays such as \"Ravenscroft\", \"Train of Thought\", \"The Matchmaker\", \"Madwoman of Chaillot\", and Jon Mullich's adaptation of \"A Servant of Two Masters\". McIver is a frequent performer at the \"Golden Raspberry Awards\" (RAZZIES) ceremony and has toured with the country music trio Mama Says! with Janet Fisher and Patti Shannon. She is a former president and long standing board member of the Midwest Entertainment Connection (MECONN), a nonprofit organization that connects the entertainment industries of Los Angeles and the Midwest. Her film appearances include the award-winning short film \"Trail End\" opposite Barry Corbin and the 2009 feature film \"Table for Three.\"",
        "triples": "<Kelie McIver; place of birth; Kansas>\n<Kelie McIver; occupation; actress and singer>\n<Kelie McIver; stage roles she played for Kingsmen Shakespeare Festival; Lady Macbeth and Nurse in \"Romeo & Juliet\">\n<Kelie McIver; stage roles she played for both Nevada Shakespeare in the Park and Shakespeare at Play; Viola in \"Twelfth Night\">\n<Kelie McIver; other stage roles she played in; Hecuba in \"The Trojan Women\", Kate in \"Taming of the Shrew\", Rosalind in \"As You Like It\", Doll Common in \"The Alchemist\", Puck and Titania in \"A Midsummer Night's Dream\">\n<Kelie McIver; non-classical plays she appeared in roles in; Ravenscroft, Train of Thought, The Matchmaker, Madwoman of Chaillot, Jon Mullich's adaptation of \"A Servant of Two Masters\">\n<Kelie McIver; is a frequent performer at; Golden Raspberry Awards (RAZZIES) ceremony>\n<Kelie McIver; group she toruted with; Mama Says!>\n<Kelie McIver; leadership role; former president and long standing board member of the Midwest Entertainment Connection (MECONN)>\n<Kelie McIver; film appearances; award-winning short film \"Trail End\" opposite Barry Corbin, the 2009 feature film \"Table for Three\">", 
    },
    {
        "title": "Hemant Batra",
        "text": "Hemant K. Batra (born 15 August 1967) is a Corporate, Business and Strategist commercial lawyer. He is the founder and Chairman of Kaden Boriss Global, a legal and business strategist organization of global law firms and offices. Kaden Boriss was founded in 2003 by international and business laws specialist lawyers Hemant Batra and Preeti Batra. The intellectual property rights (IPR) in the trade mark and copyright of legal brand Kaden Boriss (KB) vests with Hemant Batra Kaden Boriss was originally established as a partnership firm under the common law of the Indian partnership act but was later transformed into a newly set up regime of LLP. However, due to lack of clarity under the regulatory framework for lawyers and law firms, Kaden Boriss LLP reverted to its old structure under the older partnership law. It was also felt by the partners of Kaden Boriss that unless foreign direct investment was permitted in the Indian legal services sector, forming an LLP had hardly any added benefits. It also partnered with I-Inspire 2013, national conference for women leaders, aiming to be a confluence of ideas, a convergence of thoughts and celebration of the spirit of diversity and entrepreneurship. Hemant holds a position as the Secretary General of SAARCLAW (South Asian Association for Regional Co-operation in Law). SAARCLAW is a regional Apex body of SAARC (South Asian Association for Regional Cooperation). He is also the Chairperson of the Organizing Council of International Infrastructure & Construction Law Arbitration Moot (IICLAM) and Member of the Advisory Board of the Organisation for International Cooperation (OIC) based in New Jersey, USA. IICLAM is a joint initiative of Kaden Boriss, National University of Singapore (NUS) and Singapore International Arbitration Centre (SIAC), Singapore. He is recipient of prestigious Mahatma Gandhi Seva Medal with other awardees being the Dalai Lama, then President of India Shri K. R. Narayanan,UPA Chairperson & President of INC Smt Sonia Gandhi and Speaker Lok Sabha Smt Meira Kumar. Batra is author of speaking threads a collection of his thought provoking quotes. The most popular being - Think twice before saying `yes' and just once before saying `no'. Hemant Batra took over as the Chairman of the prestigious panel of jury for the grant of Aces Awards for Corporate Excellence and Sustainability in Asia.",
        "triples": "<Hemant Batra; date of birth; 15 August 1967>\n<Hemant Batra; occupation; Corporate, Business and Strategist commercial lawyer>\n<Hemant Batra; position within the organization; founder and Chairman of Kaden Boriss Global>\n<Hemant Batra; founded Kaden Boriss in 2003 with; Preeti Batra>\n<Hemant Batra; intellectual property; holds rights in the intellectual property rights (IPR) in the trade mark and copyright of legal brand Kaden Boriss (KB)>\n<Hemant Batra; the legal structure of his firm; partnership under Indian partnership act>\n<Hemant Batra; holds a position as; Secretary General of SAARCLAW (South Asian Association for Regional Co-operation in Law)>\n<Hemant Batra; collaboration with a conference for women leaders; partnered with I-Inspire 2013>\n<Hemant Batra; role; Chairperson of the Organizing Council of International Infrastructure & Construction Law Arbitration Moot (IICLAM)>\n<Hemant Batra; role; Member of the Advisory Board of the Organisation for International Cooperation (OIC)>\n<Hemant Batra; a prestigious award received; Mahatma Gandhi Seva Medal>\n<Hemant Batra; is author of; speaking threads>\n<Hemant Batra; the most popular quote; Think twice before saying `yes' and just once before saying `no'>\n<Hemant Batra; role; Chairman of the prestigious panel of jury for the grant of Aces Awards for Corporate Excellence and Sustainability in Asia>", 
    },
    {
        "title": "Gabriel (New-Gen)",
        "text": "John Gabriel is a fictional character, a superhero appearing in American comic books published by Marvel Comics. The character appears in the NEW-GEN comic books. Created by Chris Matonti, J.D. Matonti, and Julia Coppola, he first appeared in NEW-GEN #1 (2010). He is the founder and leader of the A.P.N.G., and the leading scientific mind in the field of nanotechnology on the world of New-Gen.",
        "triples": "<Gabriel (New-Gen); type; fictional character>\n<Gabriel (New-Gen); character genre; superhero>\n<Gabriel (New-Gen); appears in American comic books publised by; Marvel Comics>\n<Gabriel (New-Gen); appears in; NEW-GEN comic books>\n<Gabriel (New-Gen); creators; Chris Matonti, J.D. Matonti, and Julia Coppola>\n<Gabriel (New-Gen); first appearance in; NEW-GEN #1 (2010)>\n<Gabriel (New-Gen); role within the comic universe; founder and leader of the A.P.N.G., leading scientific mind in the field of nanotechnology>", 
    },
    {
        "title": "Fred Fleck",
        "text": "Fred Fleck (June 6, 1892 \u2013 November 9, 1961), also known as Fred A. Fleck, Frederick Fleck, or Freddie Fleck, was an American assistant director and production manager. Born in New York City on June 4, 1892, he broke into the film business as an assistant director on the 1928 silent film, \"The Riding Renegade\", directed by Wallace Fox. During his 30-year career, he would work on some notable films, with some notable directors. Some of those films include: the epic \"Hell's Angels\" (1930), directed by Howard Hughes; King Vidor's \"Bird of Paradise\" (1932); the Ginger Rogers' 1941 vehicle, Tom, Dick and Harry, directed by Garson Kanin; 1942's \"The Magnificent Ambersons\", directed by Orson Welles, and starring Joseph Cotten and Anne Baxter; \"Born to be Bad\" (1950), starring Joan Fontaine and Robert Ryan; and Josef von Sternberg's \"Jet Pilot\" (1957), starring John Wayne. Fleck was also one of the aerial cameramen on George Archainbaud's classic 1932 film, \"The Lost Squadron\".",
        "triples": "<Fred Fleck; also known as; Fred A. Fleck, Frederick Fleck, Freddie Fleck>\n<Fred Fleck; date of birth; June 6, 1892>\n<Fred Fleck; date of death; November 9, 1961>\n<Fred Fleck; nationality; American>\n<Fred Fleck; place of birth; New York City>\n<Fred Fleck; occupation; assistant director and production manager>\n<Fred Fleck; first film he worked on as an assistant director; The Riding Renegade>\n<Fred Fleck; notable films he worked on; Hell's Angels (1930, directed by Howard Hughes), Bird of Paradise (1932, directed by King Vidor), Tom, Dick and Harry (1941, directed by Garson Kanin), The Magnificent Ambersons (directed by Orson Welles), Born to be Bad (1950), Jet Pilot (1957, directed by Josef von Sternberg)>\n<Fred Fleck; role in a film; one of the aerial cameraman for The Lost Squadron>\n<Fred Fleck; career duration; 30-year career>",
    },
    # 16 - 20
    {
        "title": "Independent Hill, Virginia",
        "text": "Independent Hill is an unincorporated town in Prince William County, Virginia. It is located along State Route 234 at the intersection with Joplin Road. The only visible remaining businesses seem to be Samsky's Market (also a Citgo gas station) and Crosby's Crab Company. In early 2006, a realignment of 234 bypassed the town, leaving it on a side road. The greater Independent Hill area is defined by the Census Bureau as a census-designated place (CDP), with a population of 7,419 as of 2010.",
        "triples": "<Independent Hill, Virginia; administrative classification; unincorporated town>\n<Independent Hill, Virginia; county in which it is located; Prince William County, Virginia>\n<Independent Hill, Virginia; specific geographical location; located along State Route 234 at the intersection with Joplin Road>\n<Independent Hill, Virginia; remaining businesses; Samsky's Market (also a Citgo gas station) and Crosby's Crab Company>\n<Independent Hill, Virginia; events; a realignment of 234 bypassed the town in early 2006>\n<Independent Hill, Virginia; events; defined as census-designated place (CDP) by the Census Bureau>\n<Independent Hill, Virginia; population; 7,419 as of 2010>", 
    },
    {
        "title": "2000 Sports Racing World Cup",
        "text": "The 2000 Sports Racing World Cup was the fourth season of Sports Racing World Cup (later known as the FIA Sportscar Championship). It was a series for sportscar style prototypes broken into two classes based on power and weight, called SR and SRL (or SR2). It began on March 26, 2000 and ended November 26, 2000 after 10 races. The two American rounds were run in conjunction with Grand American Road Racing Championship, using similar SR rules.",
        "triples": "<2000 Sports Racing World Cup; season number; fourth season of Sports Racing World Cup>\n<2000 Sports Racing World Cup; later known as; FIA Sportscar Championship>\n<2000 Sports Racing World Cup; type of racing series; series for sportscar style prototypes>\n<2000 Sports Racing World Cup; different classes of cars based on power and weight; SR and SRL (or SR2)>\n<2000 Sports Racing World Cup; duration; began March 26, 2000 and ended November 26, 2000>\n<2000 Sports Racing World Cup; number of races; 10 races>\n<2000 Sports Racing World Cup; how the American rounds were organized; run in conjunction with Grand American Road Racing Championship>\n<2000 Sports Racing World Cup; type of rules applied during the American rounds; similar SR rules>",
    },
    {
        "title": "Game Dev Story",
        "text": "Game Dev Story is a simulation video game developed and published by Kairosoft for Microsoft Windows, iOS, and Android. It was released for Windows in April of 1997 , for iOS and Android on October 9, 2010, and for Windows Phone on July 6, 2015. The game follows a player-controlled video game company and its attempts to expand into a sales powerhouse over time. As a simulation, the game and the direction of the company is controlled by the player, following a parallel timeline of the video game industry and its history. The game was released to positive reviews, with many reviewers focusing on \"Game Dev Story\"' s addictive aspects and its witty references to video game pop culture.",
        "triples": "<Game Dev Story; genre of game; simulation video game>\n<Game Dev Story; company that developed and published the game; Kairosoft>\n<Game Dev Story; platform; Microsoft Windows, iOS, Android, Windows Phone>\n<Game Dev Story; release date; Windows in April 1997, iOS and Android on October 9, 2010, Windows Phone on July 6, 2015>\n<Game Dev Story; main activity of the game; players controlled a video game company and attempt to expand it into a sales powerhouse over time>\n<Game Dev Story; how the game was received by critics; positive reviews>\n<Game Dev Story; aspects of the game that were particularly noted by reviewers; addictive aspects and its witty references to video game pop culture>", 
    },
    {
        "title": "Andrew Szanton",
        "text": "Andrew Szanton (born in Washington, D.C. in 1963) is an American collaborative memoirist. During his career he has worked with a wide range of subjects including civil rights pioneer Charles Evers, Nobel Prize winning physicist Eugene Wigner, former co-chairman of Goldman Sachs John Whitehead, former United States Senator Edward Brooke, founding director of Xerox PARC George Pake, eminent surgeon Dr. Charles Epps, head of the Missouri Botanical Garden Peter Raven, and former Boston mayor Raymond Flynn.",
        "triples": "<Andrew Szanton; place of birth; Washington, D.C.>\n<Andrew Szanton; year of birth; 1963>\n<Andrew Szanton; nationality; American>\n<Andrew Szanton; occupation; collaborative memoirist>\n<Andrew Szanton; individuals he has worked with; Charles Evers (civil rights pioneer), Eugene Wigner (Nobel Prize winning physicist), John Whitehead (former co-chairman of Goldman Sachs), Edward Brooke (former United States Senator), George Pake (founding director of Xerox PARC), Charles Epps (eminent surgeon), Peter Raven (head of the Missouri Botanical Garden), Raymond Flynn (former Boston mayor)>", 
    },
    {
        "title": "Aaron A. Brooks",
        "text": "Aaron A. Brooks, also known as, Aaron Kinsley-Brooks (born January 24, 1964, San Francisco, California) is an American rock musician, drummer, producer and composer. He co-founded The Little Death with Moby, Laura Dawn and Daron Murphy. He is a founding member of the American alternative rock band, The Mars Bonfire. Aaron also plays or has played drums for the electronic pop band Leisure Cruise; Grammy nominated electro-pop chanteuse Angela McCluskey (of T\u00e9l\u00e9popmusik and Wild Colonials); Grammy award-winning producer/songwriter Mark Hudson; Emmy award-winning actress and singer Jackie Cruz; Grammy award-winning artist Moby; Singer/songwriter and progressive political activist Laura Dawn; Grammy award-winning bassist/songwriter and rock musician Duff McKagen of Guns N' Roses; Circle of Soul; Erin Evermore; Grammy award-winning pianist and songwriter A.J. Croce; Grammy winning singer/songwriter Lana Del Ray; Writer, radio host, progressive political comic and guitarist/singer Jamie Kilstein and his band The Agenda; Model/actress/singer/songwriter Heidi Merrill; And NY based rock singer Carleigh Jade.",
        "triples": "<Aaron A. Brooks; also known as; Aaron Kinsley-Brooks>\n<Aaron A. Brooks; date of birth; January 24, 1964>\n<Aaron A. Brooks; place of birth; San Francisco, California>\n<Aaron A. Brooks; nationality; American>\n<Aaron A. Brooks; occupation; rock musician, drummer, producer, composer>\n<Aaron A. Brooks; co-founded; The Little Death with Moby, Laura Dawn and Daron Murphy>\n<Aaron A. Brooks; the American alternative rock band he was a founding member of; The Mars Bonfire>\n<Aaron A. Brooks; artists he plays or has played drums for; Leisure Cruise (electronic pop band), Angela McCluskey (Grammy nominated electro-pop chanteuse), Mark Hudson (Grammy award-winning producer/songwriter), Jackie Cruz (Emmy award-winning actress and singer), Moby (Grammy award-winning artist), Laura Dawn (Singer/songwriter and progressive political activist), Duff McKagen (Grammy award-winning bassist/songwriter and rock musician), A.J. Croce (Grammy award-winning pianist and songwriter), Lana Del Ray (Grammy winning singer/songwriter), Jamie Kilstein (Writer, radio host, progressive political comic and guitarist/singer), Heidi Merrill (Model/actress/singer/songwriter), Carleigh Jade (NY based rock singer)>", 
    },
    # 21 - 25 
    {
        "title": "Inaindha Kaigal",
        "text": "Inaindha Kaigal (English: Conjoined Hands ) is a 1990 Indian Tamil film, directed by N. K. Vishwanathan. The film features C. Arunpandian, Ramki, Nirosha and Sindhu in lead roles, with Nassar, Senthil, Srividya, Murali Kumar and Prabhakaran playing supporting roles. The film, produced by Aabavanan who also wrote the script and lyrics, had musical score by Gyan Varma and was released on 2 August 1990. The film is a blockbuster in the year 1990 and became a successful venture. The film has been dubbed in Hindi as \"Aakhri Sangam\" and in Telugu as Sahasa Ghattam.", 
        "triples": "<Inaindha Kaigal; English translation; Conjoined Hands>\n<Inaindha Kaigal; the year when the film was released; 1990>\n<Inaindha Kaigal; genre of the film; Indian Tamil film>\n<Inaindha Kaigal; director of the film; N. K. Vishwanathan>\n<Inaindha Kaigal; lead actors; C. Arunpandian, Ramki, Nirosha, Sindhu>\n<Inaindha Kaigal; supporting actors; Nassar, Senthil, Srividya, Murali Kumar, Prabhakaran>\n<Inaindha Kaigal; individual who produced and also wrote the script and lyrics for the film; Aabavanan>\n<Inaindha Kaigal; composer of the film's musical score; Gyan Varma>\n<Inaindha Kaigal; release date of the film; 2 August 1990>\n<Inaindha Kaigal; the status of the film in its release year; blockbuster in 1990 and became a successful venture>\n<Inaindha Kaigal; Hindi version name of the film; Aakhri Sangam>\n<Inaindha Kaigal; Telugu version name of the film; Sahasa Ghattam>", 
    },
    {
        "title": "Wormburner",
        "text": "Wormburner is an indie rock band based in Brooklyn, New York. Their music has been categorized as college rock. The band has five members, and is led by Steve \"Hank\" Henry, who is the band's singer, guitarist, and songwriter. Henry graduated from Colgate University in 1993. Their debut album, \"A Hero's Welcome\", was released in 2006 and produced by David Lowery of Cracker. The band wrote and recorded the album's 12 songs at Lowery's studio in Richmond, Virginia. These songs' power-pop sound, along with a series of live shows by the band, led to the band and album becoming increasingly popular. The band released its second album, \"Placed by the Gideons\", in 2010 on the label Wax Off, which is partly run by WSUM host DJ Renton. In 2012, the band was interviewed for MTV's series 120 Minutes. Their third album, \"Pleasant Living in Planned Communities\", was released on Dive Records in September 2014. Prior to its release, a song from the album, \"Somewhere Else to Be\", was premiered by Brooklyn Magazine. Robert Christgau gave \"Pleasant Living in Planned Communities\" an A- grade, writing that on the album, \"Hank Henry doesn't swallow a word as he shouts his tuneful tales into the void, and unlike Craig Finn [of the Hold Steady], he doesn't specialize in or even much notice the human dregs and heroes of the alt-rock scene.\"",
        "triples": "<Wormburner; genre of the band; indie rock, college rock>\n<Wormburner; location where the band is based; Brooklyn, New York>\n<Wormburner; band leader; Steve \"Hank\" Henry>\n<Wormburner; roles of Steve Henry in the band; singer, guitarist, songwriter>\n<Wormburner; education of the band leader; Henry graduated from Colgate University in 1993>\n<Wormburner; debut album; A Hero's Welcome>\n<Wormburner; producer of the debut album of the band; David Lowery>\n<Wormburner; the release year of the debut album of the band; 2006>\n<Wormburner; location of debut album recording; Lowery's studio in Richmond, Virginia>\n<Wormburner; number of songs in the debut album of the band; 12>\n<Wormburner; second album; Placed by the Gideons>\n<Wormburner; release year of the second album of the band; 2010>\n<Wormburner; record label for the second album of the band; Wax Off>\n<Wormburner; events; the band was interviewed for MTV's series 120 Minutes in 2012>\n<Wormburner; third album; Pleasant Living in Planned Communities>\n<Wormburner; record label for the third album of the band; Dive Records>\n<Wormburner; release date of the third album of the band; September 2014>\n<Wormburner; songs in the third album of the band; Somewhere Else to Be>\n<Wormburner; review of the third album of the band by Robert Christgau; A- grade>",
    },
    {
        "title": "Wonky (album)",
        "text": "Wonky is the eight studio album by Orbital, released on their own ACP label (via Warner Music Group/Alternative Distribution Alliance) in the UK on 2 April 2012, and exclusively through iTunes in the USA and Canada on 17 April 2012. The album is their first since the \"Blue Album\" in 2004 and the first since they reformed in 2008. It features vocals from Zola Jesus and Lady Leshurr. The album was taken off of Spotify and iTunes in the United States for unknown reasons. There are some songs you cannot find at all in their original versions, like Beelzedub or Distractions.",
        "triples": "<Wonky (album); band of the album; Orbital>\n<Wonky (album); album number of the band; eighth studio album>\n<Wonky (album); record label; ACP label (via Warner Music Group/Alternative Distribution Alliance)>\n<Wonky (album); release date and place; 2 April 2012 in the UK>\n<Wonky (album); release date and place; 17 April 2012 through iTunes in the USA and Canada>\n<Wonky (album); status; first album of the band since the \"Blue Album\" in 2004>\n<Wonky (album); status; first album of the band since its reformation in 2008>\n<Wonky (album); featuring; vocals from Zola Jesus and Lady Leshurr>\n<Wonky (album); availability issue; taken off Spotify and iTunes in the United States>\n<Wonky (album); songs unavailable in their original versions; Beelzedub, Distractions>", 
    },
    {
        "title": "United States v. Silk",
        "text": "United States v. Silk, 331 U.S. 704 (1947) , was a United States Supreme Court case regarding US labor law. The case concerned the scope of protection for employees under the Social Security Act 1935.",
        "triples": "<United States v. Silk; formal citation of the case; 331 U.S. 704 (1947)>\n<United States v. Silk; year the case was decided; 1947>\n<United States v. Silk; court that adjudicated the case; United States Supreme Court>\n<United States v. Silk; legal focus; US labor law>\n<United States v. Silk; issue; scope of protection for employees under the Social Security Act 1935>", 
    },
    {
        "title": "A Birder's Guide to Everything",
        "text": "A Birder's Guide to Everything is an independent film starring Kodi Smit-McPhee, Alex Wolff, Michael Chen, Katie Chang, James Le Gros, Daniela Lavender and Sir Ben Kingsley. It was written by Rob Meyer and Luke Matheny and directed by Rob Meyer. The film had its world premiere at the Tribeca Film Festival on April 21, 2013. and was released in a limited release and through video on demand on March 21, 2014 by Screen Media Films and Focus Features.",
        "triples": "<A Birder's Guide to Everything; genre of film; independent film>\n<A Birder's Guide to Everything; starring; Kodi Smit-McPhee, Alex Wolff, Michael Chen, Katie Chang, James Le Gros, Daniela Lavender, Sir Ben Kingsley>\n<A Birder's Guide to Everything; writers of the film; Rob Meyer and Luke Matheny>\n<A Birder's Guide to Everything; director of the film; Rob Meyer>\n<A Birder's Guide to Everything; events; had its world premiere at the Tribeca Film Festival on April 21, 2013>\n<A Birder's Guide to Everything; release date of the film; March 21, 2014>\n<A Birder's Guide to Everything; companies that distributed the film; Screen Media Films and Focus Features>",
    },
    # 26 - 30 
    {
        "title": "Marissa Academy",
        "text": "The Marissa Academy is a historic school building located at 610 S. Main St. in Marissa, Illinois. The building was built in 1891 for the Marissa Academy, a college preparatory academy which had graduated its first class two years prior. The private school was the first college preparatory school in the area. Graduating students at the academy could enroll at Monmouth College without taking a qualifying examination under a special arrangement. In 1900, the academy closed after a public high school opened in Marissa. The building has since been used as a meeting hall for community groups and as additional space for Marissa's elementary school. It is now the headquarters of the Marissa Historical and Genealogical Society.",
        "triples": "<Marissa Academy; type; historic private school building>\n<Marissa Academy; location; 610 S. Main St., Marissa, Illinois>\n<Marissa Academy; construction year; 1891>\n<Marissa Academy; initial function of the building; college preparatory academy>\n<Marissa Academy; notable attribute of the school; first college preparatory school in the area>\n<Marissa Academy; special educational arrangement; gradudate students could enroll at Monmouth College without qualifying exam>\n<Marissa Academy; events; closed after a public high school opened in Marissa in 1900>\n<Marissa Academy; later functions of the building after the academy closed; meeting hall for community groups, additional space for Marissa's elementary school>\n<Marissa Academy; present function of the building; headquarters of the Marissa Historical and Genealogical Society>",
    },
    {
        "title": "2015 Barbados Premier Division",
        "text": "The 2015 Barbados Premier Division (officially the Digicel Premiere League for sponsorship reasons) was the 69th season of the highest tier of football in Barbados. Barbados Defense Force won their final six matches to hold off Rendezvous FC for their third consecutive league title and fifth overall. With BDF having already completed their schedule, Rendezvous FC needed to make up 11 goals in goal differential with a win on the final day of the season to pull even with BDF, but managed only a 2-1 victory over Weymouth Wales. The season began on February 8 and concluded on July 23.",
        "triples": "<2015 Barbados Premier Division; official name; Digicel Premiere League>\n<2015 Barbados Premier Division; season number; 69th season>\n<2015 Barbados Premier Division; tier; highest tier of football in Barbados>\n<2015 Barbados Premier Division; events; Barbados Defense Force won their final six matches to hold off Rendezvous FC for their third consecutive league title and fifth overall>\n<2015 Barbados Premier Division; events; With BDF having already completed their schedule, Rendezvous FC needed to make up 11 goals in goal differential with a win on the final day of the season to pull even with BDF, but managed only a 2-1 victory over Weymouth Wales>\n<2015 Barbados Premier Division; season duration; began on February 8 and ended on July 23>", 
    },
    {
        "title": "2014 WKU Hilltoppers football team",
        "text": "The 2014 Western Kentucky Hilltoppers football team represented Western Kentucky University (WKU) in the 2014 NCAA Division I FBS football season. They were led by first- year head coach Jeff Brohm and played their home games at Houchens Industries\u2013L. T. Smith Stadium. This was the team's first year as a Conference USA member and playing in the East Division. They finished the season 8\u20135, 4\u20134 in C-USA play to finish in a three way tie for third place in the East Division. They were invited to the Bahamas Bowl where they defeated Central Michigan.",
        "triples": "<2014 WKU Hilltoppers football team; university the team represented; Western Kentucky University (WKU)>\n<2014 WKU Hilltoppers football team; participated in; 2014 NCAA Division I FBS football season>\n<2014 WKU Hilltoppers football team; head coach; Jeff Brohm>\n<2014 WKU Hilltoppers football team; location where home games of the team were played; Houchens Industries\u2013L. T. Smith Stadium>\n<2014 WKU Hilltoppers football team; notable features; first year as a Conference USA member and playing in the East Division>\n<2014 WKU Hilltoppers football team; record of the team in the season of C-USA; 8\u20135, 4\u20134>\n<2014 WKU Hilltoppers football team; conference standing; finish in a three way tied for third place in East Division>\n<2014 WKU Hilltoppers football team; postseason; invited to the Bahamas Bowl>\n<2014 WKU Hilltoppers football team; Bahamas Bowl outcome; defeated Central Michigan>", 
    },
    {
        "title": "The Duo",
        "text": "The Duo () is a 2011 South Korean historical drama series, starring Chun Jung-myung, Lee Sang-yoon, Han Ji-hye and Seo Hyun-jin. It aired on MBC from February 7 to May 24, 2011 on Mondays and Tuesdays at 21:55 for 32 episodes.",
        "triples": "<The Duo; country of origin; South Korea>\n<The Duo; genre; historical drama series>\n<The Duo; starring; Chun Jung-myung, Lee Sang-yoon, Han Ji-hye, Seo Hyun-jin>\n<The Duo; television network that aired the series; MBC>\n<The Duo; air days and time; from February 7 to May 24, 2011 on Mondays and Tuesdays at 21:55>\n<The Duo; number of episodes; 32 episodes>", 
    },
    {
        "title": "Ex Mach Tina",
        "text": "\"Ex Mach Tina\" is the 8th episode of the seventh season of the American animated comedy series \"Bob's Burgers\" and the 115th episode overall. It was written by Greg Thompson and directed by Brian Loschiavo. Its guest stars are David Herman as Mr.\u00a0Frond and as Mr.\u00a0Branca, Robert Smigel as the school's night security guard, Samantha Bee as school nurse Liz, Jenny Slate as Tammy Larsen and Bobby Tisdale as Zeke. It originally aired in the US on FOX Network at January 8, 2017. In this episode Tina hurts her ankle and uses a telecommunication robot for school, so she can stay at home. Jimmy Jr. develops a relationship to the robot version of Tina. Meanwhile Bob buys a banjo and waits for a good moment to play it.",
        "triples": "<Ex Mach Tina; type; an episode of the seventh season of the American animated comedy series \"Bob's Burgers\">\n<Ex Mach Tina; episode number in season; 8th episode>\n<Ex Mach Tina; overall episode number; 115th episode>\n<Ex Mach Tina; writer of the eposide; Greg Thompson>\n<Ex Mach Tina; director of the eposide; Brian Loschiavo>\n<Ex Mach Tina; guest stars; David Herman as Mr.\u00a0Frond and as Mr.\u00a0Branca, Robert Smigel as the school's night security guard, Samantha Bee as school nurse Liz, Jenny Slate as Tammy Larsen and Bobby Tisdale as Zeke>\n<Ex Mach Tina; network that aired the eposide; FOX Network>\n<Ex Mach Tina; air date; January 8, 2017>\n<Ex Mach Tina; key plot elements; Tina hurts her ankle and uses telecommunication robot, Jimmy Jr. develops relationship with robot, Bob buys banjo>", 
    },
    # 30 - 35 
    {
        "title": "Brett Polegato",
        "text": "Brett Polegato (born 1968 in Niagara Falls, Ontario, Canada) is an operatic baritone. In 1999 he made his Lyric Opera of Chicago debut as Peter Niles in Levy's \"Mourning Becomes Electra\" followed by his La Scala debut in 2000 as Ned Keene in Britten's \"Peter Grimes\". He is particularly known for his interpretation of the title role in Debussy's \"Pell\u00e9as et M\u00e9lisande\" which he has performed with many companies including the Bavarian State Opera, Op\u00e9ra National de Paris, Oper Leipzig, and Op\u00e9ra National du Rhin among others. Other European appearances include Ubalde in Gluck's \"Armide\" at Op\u00e9ra de Nice, the title role in Monteverdi's \"Orfeo\" at Op\u00e9ra d'Avignon, and Fr\u00e8re L\u00e8on in Messaien's \"Saint Fran\u00e7ois d'Assise\" at Op\u00e9ra National de Paris. He has sung numerous roles with Flanders Opera, including Guglielmo in Mozart's \"Cos\u00ec fan tutte\", Albert in Massenet's \"Werther\", and the Steward in Jonathan Dove's \"Flight\". In his native Canada, Polegato has sung Papageno in Mozart's \"Die Zauberfl\u00f6te\", Figaro in Rossini's \"Il barbiere di Siviglia\", and Zurga in Bizet's \"Les p\u00eacheurs de perles\" with Vancouver Opera. In the United States, he has sung with New York City Opera, Houston Grand Opera, and Michigan Opera Theatre as well as making many concert appearances and recordings with American orchestras. He made his Seattle Opera debut in 2005 as Henry Miles in Jake Heggie's \"The End of the Affair\" and returned to the company in 2007 as Orestes in Gluck's \"Iphigenia in Tauris\".",
        "triples": "<Brett Polegato; year of birth; 1968>\n<Brett Polegato; place of birth; Niagara Falls, Ontario, Canada>\n<Brett Polegato; occupation; operatic baritone>\n<Brett Polegato; debut in Lyric Opera of Chicago in 1999; played Peter Niles in Levy's \"Mourning Becomes Electra\">\n<Brett Polegato; debut in La Scala in 2000; played Ned Keene in Britten's \"Peter Grimes\">\n<Brett Polegato; a role he is particularly known for; title role in Debussy's \"Pelléas et Mélisande\">\n<Brett Polegato; opera companies he has performed with; Bavarian State Opera, Op\u00e9ra National de Paris, Oper Leipzig, and Op\u00e9ra National du Rhin among others>\n<Brett Polegato; European appearances; Ubalde in Gluck's \"Armide\" at Op\u00e9ra de Nice, the title role in Monteverdi's \"Orfeo\" at Op\u00e9ra d'Avignon, and Fr\u00e8re L\u00e8on in Messaien's \"Saint Fran\u00e7ois d'Assise\" at Op\u00e9ra National de Paris>\n<Brett Polegato; roles he has sung with Flanders Opera; Guglielmo in Mozart's \"Cos\u00ec fan tutte\", Albert in Massenet's \"Werther\", and the Steward in Jonathan Dove's \"Flight\">\n<Brett Polegato; roles he has sung in Canada; Papageno in Mozart's \"Die Zauberfl\u00f6te\", Figaro in Rossini's \"Il barbiere di Siviglia\", and Zurga in Bizet's \"Les p\u00eacheurs de perles\" with Vancouver Opera>\n<Brett Polegato; Opera and bands he has cooperated with in the United States; New York City Opera, Houston Grand Opera, and Michigan Opera Theatre, American orchestras>\n<Brett Polegato; events; Seattle Opera debut in 2005 as Henry Miles in Jake Heggie's \"The End of the Affair\">\n<Brett Polegato; events; returned to the Seattle Opera in 2007 as Orestes in Gluck's \"Iphigenia in Tauris\">", 
    },
    {
        "title": "Julie O'Neill",
        "text": "Julie O'Neill is an English fiction author. She was born in Yorkshire in 1971. O'Neill attended Edinburgh University before embarking on a career in glamour modelling. In her twenties and early thirties O'Neill travelled the world, and spent time living in France, Morocco, Vietnam, Malaysia, Spain and Portugal. She worked as, amongst other things, a shop dresser, journalist, burlesque dancer, dominatrix, rubber bouncer, security service operative, children's party entertainer, hypnotherapist, Hazelnut sorter and night club DJ. Before returning to England she spent three years travelling through the Far East on an elephant called Bolabesar.",
        "triples": "<Julie O'Neill; nationality; English>\n<Julie O'Neill; occupation; fiction author>\n<Julie O'Neill; place of birth; Yorkshire>\n<Julie O'Neill; year of birth; 1971>\n<Julie O'Neill; education; attended Edinburgh University>\n<Julie O'Neill; initial occupation; glamour modelling>\n<Julie O'Neill; countries she has lived in; France, Morocco, Vietnam, Malaysia, Spain, Portugal>\n<Julie O'Neill; occupations she held; shop dresser, journalist, burlesque dancer, dominatrix, rubber bouncer, security service operative, children's party entertainer, hypnotherapist, Hazelnut sorter, night club DJ>\n<Julie O'Neill; events; spent three years travelling through the Far East on an elephant called Bolabesar before returning to England>", 
    },
    {
        "title": "Jermain Mackey",
        "text": "Jermain \"Choo Choo\" Mackey ( (1979--) 27 1979 (age\u00a037 ) ) born in Nassau is a Bahamian professional middle/super middle/light heavyweight boxer of the 2000s and 2010s who won the Bahamas super middleweight title, World Boxing Council (WBC) Caribbean Boxing Federation (CABOFE) super middleweight title, World Boxing Association (WBA) Fedecaribe super middleweight title, Commonwealth super middleweight title, and was a challenger for the World Boxing Organization (WBO) North American Boxing Organization (NABO) super middleweight title against Jean Pascal, WBC International super middleweight title against Adonis Stevenson, and World Boxing Association Fedelatin super middleweight title against Kirt Sinnette, his professional fighting weight varied from 160+3/4 lb , i.e. welterweight to 170 lb , i.e. light heavyweight. He represented the Bahamas at the 2002 Commonwealth Games.",
        "triples": "<Jermain Mackey; nickname; Choo Choo>\n<Jermain Mackey; year of birth; 1979>\n<Jermain Mackey; age; 37>\n<Jermain Mackey; place of birth; Nassau>\n<Jermain Mackey; nationality; Bahamian>\n<Jermain Mackey; occupation; professional middle/super middle/light heavyweight boxer>\n<Jermain Mackey; the decades during which he was active in boxing; 2000s and 2010s>\n<Jermain Mackey; titles won; Bahamas super middleweight, WBC CABOFE super middleweight, WBA Fedecaribe super middleweight, Commonwealth super middleweight>\n<Jermain Mackey; titles he challenged for and against whom; World Boxing Organization (WBO) North American Boxing Organization (NABO) super middleweight against Jean Pascal, WBC International super middleweight against Adonis Stevenson, WBA Fedelatin super middleweight against Kirt Sinnette>\n<Jermain Mackey; fighting weight categories; from 160+3/4 lb , i.e. welterweight to 170 lb , i.e. light heavyweight>\n<Jermain Mackey; represented; Bahamas at 2002 Commonwealth Games>", 
    },
    {
        "title": "Champion Air",
        "text": "Champion Air was an airline based in Bloomington, Minnesota, USA. It operated general charter services to sports teams, vacation wholesalers and government agencies. It also offered limited scheduled service. Its main base was Minneapolis-Saint Paul International Airport, with hubs at Denver International Airport, Dallas-Fort Worth International Airport, Detroit Metropolitan Wayne County Airport, McCarran International Airport in Las Vegas, Lambert-St. Louis International Airport, and Will Rogers World Airport in Oklahoma City. The airline ceased all operations on May 31, 2008. Until its shutdown, the airline was a prime contractor for the Justice Prisoner and Alien Transportation System.",
        "triples": "<Champion Air; type; airline>\n<Champion Air; location; Bloomington, Minnesota, USA>\n<Champion Air; type of services offered by the airline; general charter services>\n<Champion Air; clients served by the airline; sports teams, vacation wholesalers, government agencies>\n<Champion Air; main base; Minneapolis-Saint Paul International Airport>\n<Champion Air; hubs; Denver International Airport, Dallas-Fort Worth International Airport, Detroit Metropolitan Wayne County Airport, McCarran International Airport, Lambert-St. Louis International Airport, Will Rogers World Airport>\n<Champion Air; the date when the ariline ceased all operations; May 31, 2008>\n<Champion Air; contract role until its shutdown; prime contractor for the Justice Prisoner and Alien Transportation System>",
    },
    {
        "title": "LAS Magazine",
        "text": "LAS Magazine, also known as Lost At Sea or LostAtSea.net, is a daily online magazine founded in 1998 by Eric J Herboth. An online social group for the magazine list it in the \"Entertainment & Arts - Online Media\" category with a description of \"Art. Bike. Music. Media. Literature. Photography. Travel. Comics. Festivals. Sports? Yeah, a bit of that, too. Updated whenever, forever, since 1998.\" The magazine includes writing and photography contributions from Canada, Mexico, the United States, England, Scotland, Spain, Portugal, Germany, Switzerland, France, South Africa, Australia, Japan, New Zealand and Washington DC, but the publication maintains no fixed office.",
        "triples": "<LAS Magazine; also known as; Lost At Sea or LostAtSea.net>\n<LAS Magazine; type; daily online magazine>\n<LAS Magazine; founder; Eric J Herboth>\n<LAS Magazine; founding year; 1998>\n<LAS Magazine; category under which the magazine is listed by an online social group; Entertainment & Arts - Online Media>\n<LAS Magazine; topics convered by the magazine; Art. Bike. Music. Media. Literature. Photography. Travel. Comics. Festivals. Sports>\n<LAS Magazine; update frequency; Updated whenever, forever, since 1998>\n<LAS Magazine; countries and regions from which the magazine receives contributions; Canada, Mexico, United States, England, Scotland, Spain, Portugal, Germany, Switzerland, France, South Africa, Australia, Japan, New Zealand, Washington DC>\n<LAS Magazine; office status; no fixed office>", 
    },
    # 36 - 40 
    {
        "title": "David Kelly (association footballer)",
        "text": "David Thomas Kelly (born 25 November 1965), also known by the nickname Ned Kelly, is a former Republic of Ireland international footballer who now works as joint-caretaker-manager at EFL League Two club Port Vale, alongside Chris Morgan. He scored nine goals in 26 international games for the Republic of Ireland, and was a squad member for UEFA Euro 1988, the 1990 FIFA World Cup, and the 1994 FIFA World Cup. A forward, he scored a total of 250 goals in 744 league and cup appearances in a 19-year career in professional football.",
        "triples": "<David Kelly (association footballer); full name; David Thomas Kelly>\n<David Kelly (association footballer); nickname; Ned Kelly>\n<David Kelly (association footballer); date of birth; 25 November 1965>\n<David Kelly (association footballer); nationality; Republic of Ireland>\n<David Kelly (association footballer); occupation; joint-caretaker-manager at EFL League Two club Port Vale>\n<David Kelly (association footballer); colleague at EFL League Two club Port Vale; Chris Morgan>\n<David Kelly (association footballer); scoring record in 26 international games for the Republic of Ireland; nine goals>\n<David Kelly (association footballer); squad member for; UEFA Euro 1988, the 1990 FIFA World Cup, and the 1994 FIFA World Cup>\n<David Kelly (association footballer); scoring achievements throughout his career; scored a total of 250 goals in 744 league and cup appearances>\n<David Kelly (association footballer); career length; 19-year career in professional football>",
    },
    {
        "title": "Bloquera",
        "text": "Bloquera is an EP created by Maanumental, Newman, Sir Kado, Superbrush 427 (Giant Panda) and Thes One (People Under The Stairs). The group decided to take a spur of the moment road trip to Mexico as an ultimate road trip. The album was a result of a two-week road trip to Muleg\u00e9, Baja California Sur, Mexico which was the inspiration for the album.",
        "triples": "<Bloquera; type; EP (Extended Play)>\n<Bloquera; creators; Maanumental, Newman, Sir Kado, Superbrush 427 (Giant Panda) and Thes One (People Under The Stairs)>\n<Bloquera; event that inspired the creation of the album; a two-week road trip to Muleg\u00e9, Baja California Sur, Mexico>",
    },
    {
        "title": "WonderWorks",
        "text": "WonderWorks was an anthology series which ran from 1984 to 1992 co-produced by The Walt Disney Company and PBS that made short, made for TV movies out of acclaimed children's books. They included adaptations of \"Anne of Green Gables\", \"Bridge to Terabithia\", \"All Summer in a Day\", \"Jacob Have I Loved\", \"The Box of Delights\", \"The Chronicles of Narnia\" series, \"Miracle at Moreaux\", \"The Hoboken Chicken Emergency\" (starring Peter Billingsley), \"Odile & Yvette at the Edge of the World\" (scored by Blake Leyh), \"How to Be a Perfect Person in Just Three Days!\" (by Stephen Manes), \"Gryphon\" (produced by Manuel Arce and Carl Haber, starring Amanda Plummer), \"A Little Princess\", \"A Girl of the Limberlost\", \"Sweet 15\", \"A Waltz Through the Hills\", \"The Canterville Ghost\", \"Frog,\" \"The Haunting of Barney Palmer\", \"Caddie Woodlawn\", \"The House of Dies Drear\", and \"The Boy Who Loved Trolls\". It also co-produced the Australian \"Clowning Around\" series.",
        "triples": "<WonderWorks; type; anthology series>\n<WonderWorks; years during which the series was active; 1984 to 1992>\n<WonderWorks; co-producers; The Walt Disney Company and PBS>\n<WonderWorks; type of content produced for the series; made for TV movies out of acclaimed children's books>\n<WonderWorks; children's books that were adapted into TV movies for the series; Anne of Green Gables, Bridge to Terabithia, All Summer in a Day, Jacob Have I Loved, The Box of Delights, The Chronicles of Narnia, Miracle at Moreaux, The Hoboken Chicken Emergency, Odile & Yvette at the Edge of the World, How to Be a Perfect Person in Just Three Days!, Gryphon, A Little Princess, A Girl of the Limberlost, Sweet 15, A Waltz Through the Hills, The Canterville Ghost, Frog, The Haunting of Barney Palmer, Caddie Woodlawn, The House of Dies Drear, The Boy Who Loved Trolls>\n<WonderWorks; international collaboration; co-produced \"Clowning Around\" series in Australia>",
    },
    {
        "title": "Kyle Mackey",
        "text": "Kyle Erickson Mackey (born March 2, 1962) is an American Football coach and former American football quarterback who played for the New York Jets, St. Louis Cardinals, Philadelphia Eagles, and the Miami Dolphins of the National Football League. He was also an Arena Football League player, who played quarterback for the Albany Firebirds and the Fort Worth Cavalry. He played college football at Texas A&M University-Commerce from 1980-1983 where he was an All-American and led the Lions to the 1983 Lone Star Conference Championship. His father was Dee Mackey, a former tight end for the New York Jets.",
        "triples": "<Kyle Mackey; full name; Kyle Erickson Mackey>\n<Kyle Mackey; date of birth; March 2, 1962>\n<Kyle Mackey; nationality; American>\n<Kyle Mackey; occupation; Football coach and former quarterback>\n<Kyle Mackey; National Football League he played for; New York Jets, St. Louis Cardinals, Philadelphia Eagles, Miami Dolphins>\n<Kyle Mackey; Arena Football League teams he played quarterback for; Albany Firebirds, Fort Worth Cavalry>\n<Kyle Mackey; events; played college football at Texas A&M University-Commerce from 1980-1983 where he was an All-American and led the Lions to the 1983 Lone Star Conference Championship>\n<Kyle Mackey; father; Dee Mackey>", 
    },
    {
        "title": "Bihou",
        "text": "Bihou (), or Bei Hou or Pei Hou is a village just west of Taicheng in Taishan City in the Guangdong Province of southern China, and is located at latitude 22\u00b0 15' 09.22\" N and longitude 112\u00b0 46' 01.12\" E, 11 meters above sea level off the Cinnamon Stream Road (). Bi Hou was founded in the 18th century by Tan Gong Chang (), one of the many descendants of the viscounts of the feudal State of Tan (1046BC-684BC) in present-day Shandong Province.",
        "triples": "<Bihou; also known as; Bei Hou, Pei Hou>\n<Bihou; type; village>\n<Bihou; location; west of Taicheng in Taishan City in the Guangdong Province of southern China>\n<Bihou; geographic coordinates; latitude 22\u00b0 15' 09.22\" N and longitude 112\u00b0 46' 01.12\" E>\n<Bihou; elevation; 11 meters above sea level>\n<Bihou; road or access route to the village; Cinnamon Stream Road>\n<Bihou; the century when the village was founded; 18th century>\n<Bihou; founder; Tan Gong Chang>\n<Bihou; historical background of the founder of the village; founded by one of the many descendants of the viscounts of the feudal State of Tan (1046BC-684BC) in present-day Shandong Province>", 
    },
    # 41 - 45 
    {
        "title": "AZFinText",
        "text": "Arizona Financial Text System (AZFinText) is a quantitative textual financial prediction system written by Robert P. Schumaker of University of Texas at Tyler and Hsinchun Chen of the University of Arizona. This system differs from other quants because it uses financial text as one of its key means of predicting stock price movement. This reduces the information lag-time problem evident in many similar systems where new information must be transcribed (e.g., such as losing a costly court battle or having a product recall), before the quant can react appropriately. AZFinText overcomes these limitations by utilizing the terms used in financial news articles to predict future stock prices twenty minutes after the news article has been released. It is believed that certain article terms can move stocks more than others. Terms such as \"factory exploded\" or \"workers strike\" will have a depressing effect on stock prices whereas terms such as \"earnings rose\" will tend to increase stock prices. When a human trading expert sees certain terms, they will react in a somewhat predictable fashion. AZFinText capitalizes on the arbitrage opportunities that exist when investment experts over and under-react to certain news stories. By analyzing breaking financial news articles and focusing on specific parts of speech, portfolio selection, term weighting and even article sentiment, the AZFinText system becomes a powerful tool and is a radically different way of looking at stock market prediction.",
        "triples": "<AZFinText; full name; Arizona Financial Text System>\n<AZFinText; type; quantitative textual financial prediction system>\n<AZFinText; developers; Robert P. Schumaker and Hsinchun Chen>\n<AZFinText; differences from other systems; uses financial text as one of its key means of predicting stock price movements>\n<AZFinText; the problem the system solves; reduces information lag-time problem in many similar systems>\n<AZFinText; method the system used to solve lag-time problem; utilizing the terms used in financial news articles to predict future stock prices twenty minutes after the news article has been released>\n<AZFinText; how different terms affect stock prices used in the system; Terms such as \"factory exploded\" or \"workers strike\" will have a depressing effect on stock prices whereas terms such as \"earnings rose\" will tend to increase stock prices>\n<AZFinText; strategy of the system; capitalizes on the arbitrage opportunities that exist when investment experts over and under-react to certain news stories>\n<AZFinText; analysis approach of the system; analyzing breaking financial news articles and focusing on specific parts of speech, portfolio selection, term weighting and even article sentiment>", 
    },
    {
        "title": "Baron Ailwyn",
        "text": "Baron Ailwyn, of Honingham in the County of Norfolk, was a title in the Peerage of the United Kingdom. It was created on 1 July 1921 for the Conservative politician the Hon. Sir Ailwyn Fellowes. He was the younger son of Edward Fellowes, 1st Baron de Ramsey. Lord Ailwyn was succeeded by the eldest of his four sons, Ronald, the second Baron. He was a Lieutenant-Colonel in the Rifle Brigade. He was childless and was succeeded by his younger brother Eric, the third Baron. He was a Captain in the Royal Navy. He was also childless and was succeeded by his youngest brother, Carol, the fourth Baron. Like his elder brothers he was childless and the title became extinct on his death in 1988.",
        "triples": "<Baron Ailwyn; location where the title is geographically associated; Honingham in the County of Norfolk>\n<Baron Ailwyn; type; title in the Peerage of the United Kingdom>\n<Baron Ailwyn; creation date; 1 July 1921>\n<Baron Ailwyn; the first individual to hold the title; the Hon. Sir Ailwyn Fellowes>\n<Baron Ailwyn; second holder of the title; Ronald>\n<Baron Ailwyn; occupation of the second holder of the title; a Lieutenant-Colonel in the Rifle Brigade>\n<Baron Ailwyn; the third holder of the title; Eric>\n<Baron Ailwyn; occupation of the third holder of the title; a Captain in the Royal Navy>\n<Baron Ailwyn; the fourth holder of the title; Carol>\n<Baron Ailwyn; when and why the title ceased to exist; title became extinct in 1988>", 
    },
    {
        "title": "Fall into the Open",
        "text": "Fall Into The Open is the first studio album from American Recording Artist, Cris Gunther, released in 2007 on iTunes, CD Baby & Amazon.com. Executived Produced by Cris Gunther, Terry Gunther, and Mary Ann Marchasella. Produced by Tim K (Les Nubians, Tiny Hearts, Russell Taylor, Collette, and Esthero), and Fab Dupont (Shakira, Jennifer Lopez). Written by Cris Gunther, Mic Murphy (The System), Tim K, Fab Dupont, and Richard Lynch. The album features Mic Murphy (The System) on the track, \"Black Doll\", and, Verve/Universal Recording Artist, Lucy Woodward, on the tracks, \"Gotta Give\", \"Sacred Sexuality\", and the Kylie Minogue cover, \"Turn It Into Love\". The album was mixed by Fab Dupont. And, the track, \"The Heat\", was featured in a Songwriter's Hall Of Fame Showcase in New York City in 2002, which was featured in Billboard Magazine. There are ten songs on this recording.",
        "triples": "<Fall into the Open; type; studio album>\n<Fall into the Open; artists of the album; Cris Gunther>\n<Fall into the Open; release date and plateform of the album; 2007 on iTunes, CD Baby & Amazon.com>\n<Fall into the Open; executive producers of the album; Cris Gunther, Terry Gunther, Mary Ann Marchasella>\n<Fall into the Open; producers of the album; Tim K (Les Nubians, Tiny Hearts, Russell Taylor, Collette, and Esthero), and Fab Dupont (Shakira, Jennifer Lopez)>\n<Fall into the Open; songwriters of the album; Cris Gunther, Mic Murphy (The System), Tim K, Fab Dupont, and Richard Lynch>\n<Fall into the Open; artists featured on specific tracks of the album; Mic Murphy (The System) on the track, \"Black Doll\", and, Verve/Universal Recording Artist, Lucy Woodward, on the tracks, \"Gotta Give\", \"Sacred Sexuality\", and the Kylie Minogue cover, \"Turn It Into Love\">\n<Fall into the Open; was mixed by; Fab Dupont>\n<Fall into the Open; recognition received by a specific track; the track, \"The Heat\", was featured in a Songwriter's Hall Of Fame Showcase in New York City in 2002, which was featured in Billboard Magazine>\n<Fall into the Open; number of songs in the album; ten songs>", 
    },
    {
        "title": "Elhovo Gap",
        "text": "Elhovo Gap (Elhovska Sedlovina \\'el-hov-ska se-dlo-vi-'na\\) is a 420 m high saddle extending 1 km in west-southwest\u2013east-northeast direction from Gleaner Heights to Leslie Hill, Livingston Island in the South Shetland Islands, Antarctica which forms part of the overland route between Bowles Ridge and Vidin Heights. The saddle is named after the Bulgarian town of Elhovo, in association with the artificial Christmas tree ('elha' in Bulgarian) brought by the Tangra 2004/05 Survey team (Lyubomir Ivanov and Doychin Vasilev) to their bivouac at Leslie Hill occupied 24\u201328 December 2004, making in the process the first crossing of Elhovo Gap.",
        "triples": "<Elhovo Gap; alias; Elhovska Sedlovina>\n<Elhovo Gap; type; saddle>\n<Elhovo Gap; height; 420 m>\n<Elhovo Gap; location; extending 1 km in west-southwest\u2013east-northeast direction from Gleaner Heights to Leslie Hill, Livingston Island in the South Shetland Islands, Antarctica>\n<Elhovo Gap; geographical importance; forms part of the overland route between Bowles Ridge and Vidin Heights>\n<Elhovo Gap; named after; the Bulgarian town of Elhovo, in association with the artificial Christmas tree ('elha' in Bulgarian) brought by the Tangra 2004/05 Survey team>\n<Elhovo Gap; events; Tangra 2004/05 Survey team brought a tree to their bivouac at Leslie Hill occupied 24\u201328 December 2004, making in the process the first crossing of Elhovo Gap>", 
    },
    {
        "title": "Springs Mills Building",
        "text": "The Springs Mills Building is a 21-story office tower located at 104 West 40th Street and straddles the block with a second entrance on 39th in Manhattan, New York City. The building sits on an L shaped lot that rises to a thin glass hexagonal tower. One of the earliest examples of the International Style in New York, construction occurred between 1961\u201363, designed by the architecture firm Harrison & Abramovitz. The building was designated by the New York City Landmarks Preservation Commission in 2010. Elisabeth de Bourbon, on behalf of the Commission, recognized it as only the eighth Modernist building given the status.",
        "triples": "<Springs Mills Building; type; 21-story office tower>\n<Springs Mills Building; location; 104 West 40th Street and straddles the block with a second entrance on 39th in Manhattan, New York City>\n<Springs Mills Building; architectural feature; sits on an L shaped lot that rises to a thin glass hexagonal tower>\n<Springs Mills Building; construction period; between 1961\u201363>\n<Springs Mills Building; architecture firm responsible for the design; Harrison & Abramovitz>\n<Springs Mills Building; landmark designation; designated by the New York City Landmarks Preservation Commission in 2010>\n<Springs Mills Building; recognition; recognized it as the eighth Modernist building given landmark status>", 
    },
    # 46 - 50 
    {
        "title": "Trichopus zeylanicus",
        "text": "Trichopus zeylanicus is a small herbaceous plant, which is one of only two species of its genus, \"Trichopus\". Formerly it was placed in its own family, Trichopodaceae, but is now included in the Dioscoreaceae family. The leaves are about 20 cm long and grow from a rhizome. The shape of the leaves can be highly variable even within one location, but the most common shape is cordate. The herb grows on sandy soil near rivers and streams in shady places in lowland and intermediate altitude forests. It flowers year long and the fruits are thought to be dispersed by water. The unusual flowers are purplish black.",
        "triples": "<Trichopus zeylanicus; type; a small herbaceous plant>\n<Trichopus zeylanicus; genus to which the plant belongs; Trichopus>\n<Trichopus zeylanicus; previous family classification of the plant; Trichopodaceae>\n<Trichopus zeylanicus; current family classification of the plant; Dioscoreaceae>\n<Trichopus zeylanicus; physical characteristics of the leaves; about 20 cm long and grow from a rhizome. The shape of the leaves can be highly variable even within one location, but the most common shape is cordate>\n<Trichopus zeylanicus; habitat; sandy soil near rivers and streams in shady places in lowland and intermediate altitude forests>\n<Trichopus zeylanicus; flowering period; year long>\n<Trichopus zeylanicus; fruit dispersal method; by water>\n<Trichopus zeylanicus; flower color; purplish black>",
    },
    {
        "title": "1997\u201398 Los Angeles Clippers season",
        "text": "The 1997\u201398 NBA season was the Clippers' 28th season in the National Basketball Association, and their 4th season in Anaheim. During the offseason, the Clippers acquired James Robinson and Stojko Vrankovic from the Minnesota Timberwolves. With Loy Vaught going down early into the season with a back injury after just ten games, the Clippers struggled losing 12 of their first 13 games. Midway through the season, Brent Barry was traded to the Miami Heat for last year's Most Improved Player Isaac Austin. The Clippers lost 15 of their final 17 games, including a 10-game losing streak in April, finishing last place in the Pacific Division with a 17\u201365 record. Lamond Murray led them in scoring with 15.4 points per game, and top draft pick Maurice Taylor made the All-Rookie Second Team. Following the season, Austin signed as a free agent with the Orlando Magic, Vaught signed with the Detroit Pistons, and head coach Bill Fitch was fired.",
        "triples": "<1997\u201398 Los Angeles Clippers season; sports league in which the season occurred; National Basketball Association>\n<1997\u201398 Los Angeles Clippers season; count of seasons the team has played; 28th season in the National Basketball Association>\n<1997\u201398 Los Angeles Clippers season; new players acquired during the offseason; James Robinson and Stojko Vrankovic from the Minnesota Timberwolves>\n<1997\u201398 Los Angeles Clippers season; events; losing 12 of their first 13 games with Loy Vaught going down early into the season with a back injury after just ten games>\n<1997\u201398 Los Angeles Clippers season; events; Brent Barry was traded to the Miami Heat for last year's Most Improved Player Isaac Austin>\n<1997\u201398 Los Angeles Clippers season; events; lost 15 of their final 17 games, including a 10-game losing streak in April, finishing last place in the Pacific Division with a 17\u201365 record>\n<1997\u201398 Los Angeles Clippers season; leading scorer; Lamond Murray>\n<1997\u201398 Los Angeles Clippers season; achievements by rookie players; Maurice Taylor All-Rookie Second Team>\n<1997\u201398 Los Angeles Clippers season; post-season changes; Isaac Austin signed with Orlando Magic>", 
    },
    {
        "title": "Richard Rainey",
        "text": "Richard Rainey was a Republican politician from Walnut Creek, California, a suburb in the San Francisco Bay Area. He served in the California State Assembly from 1992 until 1996 and then served in the State Senate from 1996 until 2000 when he was defeated for reelection by Tom Torlakson, a Democratic Assemblyman from Antioch. In 1995, Mr. Rainey was named Legislator of the Year by the California Probation & Parole Correctional Association. Also, during the 1995-96 legislative session, Mr. Rainey served as Chairman of the Assembly Local Government Committee when the Republicans briefly had a majority in the State Assembly.",
        "triples": "<Richard Rainey; political party; Republican politician from Walnut Creek, California>\n<Richard Rainey; served in; California State Assembly from 1992 until 1996>\n<Richard Rainey; served in; California State Assembly from 1992 until 1996>\n<Richard Rainey; defeated by; Tom Torlakson for reelection>\n<Richard Rainey; award received; Legislator of the Year by the California Probation & Parole Correctional Association in 1995>\n<Richard Rainey; legislative role; served as Chairman of the Assembly Local Government Committee during the 1995-96 legislative session>", 
    },
    {
        "title": "The MoShow",
        "text": "The MoShow is an American syndicated television news program which reviews mobile devices, apps, downloads and text messages. Premiering on January 1, 2011 on over 300 television stations throughout the United States and on DirecTV Channel 354, it is hosted by Mark Yoshimoto Nemcoff (of Pacific Coast Hellway) and Dana Ward (of ClevverTV), with production by Frank Chindamo.",
        "triples": "<The MoShow; type; American syndicated television news program>\n<The MoShow; content scope of the show; reviews mobile devices, apps, downloads, and text messages>\n<The MoShow; premiere date and broadcast reach; on January 1, 2011 over 300 television stations throughout the United States and on DirecTV Channel 354>\n<The MoShow; hosts; Mark Yoshimoto Nemcoff (of Pacific Coast Hellway) and Dana Ward (of ClevverTV)>\n<The MoShow; producer; Frank Chindamo>", 
    },
    {
        "title": "USS General W. F. Hase (AP-146)",
        "text": "USS \"General W. F. Hase\" (AP-146) was a \"General G. O. Squier\"-class transport ship for the US Navy in World War II. She was named in honor of US Army Major General William Frederick Hase. She was transferred to the US Army as USAT \"General W. F. Hase\" in 1946. On 1 March 1950 she was transferred to the Military Sea Transportation Service (MSTS) as USNS \"General W. F. Hase\" (T-AP-146). She was later sold for commercial operation in 1968, before being scrapped in 1985.",
        "triples": "<USS General W. F. Hase (AP-146); type; \"General G. O. Squier\"-class transport ship>\n<USS General W. F. Hase (AP-146); service; US Navy in World War II>\n<USS General W. F. Hase (AP-146); named after; US Army Major General William Frederick Hase>\n<USS General W. F. Hase (AP-146); transferred to; US Army as USAT \"General W. F. Hase\" in 1946>\n<USS General W. F. Hase (AP-146); transferred to; Military Sea Transportation Service (MSTS) as USNS \"General W. F. Hase\" (T-AP-146) on 1 March 1950>\n<USS General W. F. Hase (AP-146); commercial operation; sold for commercial operation in 1968>\n<USS General W. F. Hase (AP-146); final status of the ship; scrapped in 1985>", 
    }
]


GENERATING_CHAIN_EXAMPLARS_HOTPOTQA = [
    [
        {
            "question": "Who distributed a movie whose cast includes an actor who acted in \"Him\"?",
            "triples": [],
            "candidate_triples": [
                "A. no need for additional knowledge triples",
                "B. <Fionn Whitehead; notable work; \"Him\" (2016 ITV miniseries)>",
                "C. <Dunkirk (2017 film); cast; Fionn Whitehead, Tom Glynn-Carney, Jack Lowden, Harry Styles, Aneurin Barnard, James D'Arcy, Barry Keoghan, Kenneth Branagh, Cillian Murphy, Mark Rylance, Tom Hardy>",
                "D. <Fionn Whitehead; occupation; actor>",
                "E. <Fionn Whitehead; notable work; \"Dunkirk\" (2017)>",
            ],
            "answer": "B"
        },
        {
            "question": "Who distributed a movie whose cast includes an actor who acted in \"Him\"?",
            "triples": [
                "<Fionn Whitehead; notable work; \"Him\" (2016 ITV miniseries)>"
            ],
            "candidate_triples": [
                "A. no need for additional knowledge triples",
                "B. <Dunkirk (2017 film); cast; Fionn Whitehead, Tom Glynn-Carney, Jack Lowden, Harry Styles, Aneurin Barnard, James D'Arcy, Barry Keoghan, Kenneth Branagh, Cillian Murphy, Mark Rylance, Tom Hardy>",
                "C. <Fionn Whitehead; notable work; \"Dunkirk\" (2017)>",
                "D. <Fionn Whitehead; first major role; protagonist in \"Dunkirk\" (2017)>",
                "E. <Dunkirk (2017 film); distributor; Warner Bros. Pictures>",
            ],
            "answer": "B"
        },
        {
            "question": "Who distributed a movie whose cast includes an actor who acted in \"Him\"?",
            "triples": [
                "<Fionn Whitehead; notable work; \"Him\" (2016 ITV miniseries)>",
                "<Dunkirk (2017 film); cast; Fionn Whitehead, Tom Glynn-Carney, Jack Lowden, Harry Styles, Aneurin Barnard, James D'Arcy, Barry Keoghan, Kenneth Branagh, Cillian Murphy, Mark Rylance, Tom Hardy>",
            ],
            "candidate_triples": [
                "A. no need for additional knowledge triples",
                "B. <Fionn Whitehead; notable work; \"Dunkirk\" (2017)>",
                "C. <Fionn Whitehead; first major role; protagonist in \"Dunkirk\" (2017)>",
                "D. <Dunkirk (2017 film); director; Christopher Nolan>",
                "E. <Dunkirk (2017 film); distributor; Warner Bros. Pictures>",
            ],
            "answer": "E"
        },
        {
            "question": "Who distributed a movie whose cast includes an actor who acted in \"Him\"?",
            "triples": [
                "<Fionn Whitehead; notable work; \"Him\" (2016 ITV miniseries)>",
                "<Dunkirk (2017 film); cast; Fionn Whitehead, Tom Glynn-Carney, Jack Lowden, Harry Styles, Aneurin Barnard, James D'Arcy, Barry Keoghan, Kenneth Branagh, Cillian Murphy, Mark Rylance, Tom Hardy>",
                "<Dunkirk (2017 film); distributor; Warner Bros. Pictures>"
            ],
            "candidate_triples": [
                "A. no need for additional knowledge triples",
                "B. <Fionn Whitehead; notable work; \"Dunkirk\" (2017)>",
                "C. <Fionn Whitehead; first major role; protagonist in \"Dunkirk\" (2017)>",
                "D. <Fionn Whitehead; occupation; actor>",
                "E. <Dunkirk (2017 film); director; Christopher Nolan>",
            ],
            "answer": "A"
        },
    ],
    [
        {
            "question": "Which magazine published papers more often; The Wittenburg Door or Sports Collectors Digest?",
            "triples": [],
            "candidate_triples": [
                "A. no need for additional knowledge triples",
                "B. <Sports Collectors Digest; purpose; provides an avenue through which sellers, traders and avid buyers of sports memorabilia may interact>",
                "C. <The Wittenburg Door; type; Christian satire and humor magazine>",
                "D. <Mike Yaconelli; role in The Wittenburg Door; satirical magazine>",
                "E. <Sports Collectors Digest; type; American advertising weekly paper>",
            ],
            "answer": "E"
        },
        {
            "question": "Which magazine published papers more often; The Wittenburg Door or Sports Collectors Digest?",
            "triples": [
                "<Sports Collectors Digest; type; American advertising weekly paper>"
            ],
            "candidate_triples": [
                "A. no need for additional knowledge triples",
                "B. <The Wittenburg Door; type; Christian satire and humor magazine>",
                "C. <Mike Yaconelli; role in The Wittenburg Door; satirical magazine>",
                "D. <The Wittenburg Door; publication frequency; bimonthly>",
                "E. <The Wittenburg Door; start year of publication; 1971>",
            ],
            "answer": "D"
        },
        {
            "question": "Which magazine published papers more often; The Wittenburg Door or Sports Collectors Digest?",
            "triples": [
                "<Sports Collectors Digest; type; American advertising weekly paper>",
                "<The Wittenburg Door; publication frequency; bimonthly>"
            ],
            "candidate_triples": [
                "A. no need for additional knowledge triples",
                "B. <Sports Collectors Digest; purpose; provides an avenue through which sellers, traders and avid buyers of sports memorabilia may interact>",
                "C. <The Wittenburg Door; type; Christian satire and humor magazine>",
                "D. <Mike Yaconelli; role in The Wittenburg Door; satirical magazine>",
                "E. <The Wittenburg Door; reference to; the door of the All Saints' Church in Wittenberg>",
            ],
            "answer": "A"
        },
    ],
    [
        {
            "question": "Where is the headquarters of the company that produces the soft drink that the ICP traditionally sprays the audience with ?",
            "triples": [],
            "candidate_triples": [
                "A. no need for additional knowledge triples",
                "B. <Faygo; parent company; National Beverage Corporation>",
                "C. <FTFO; album art; alludes to ICP tradition of spraying audience with Faygo>",
                "D. <Faygo; type; soft drink company>",
                "E. <Jones Soda; type of soft drink; carbonated soft drink>",
            ],
            "answer": "C"
        },
        {
            "question": "Where is the headquarters of the company that produces the soft drink that the ICP traditionally sprays the audience with ?",
            "triples": [
                "<FTFO; album art; alludes to ICP tradition of spraying audience with Faygo>"
            ],
            "candidate_triples": [
                "A. no need for additional knowledge triples",
                "B. <FTFO; record label; Psychopathic Records>",
                "C. <Faygo; parent company; National Beverage Corporation>",
                "D. <Faygo; location; Detroit, Michigan>",
                "E. <Faygo; type; soft drink company>",
            ],
            "answer": "E"
        },
        {
            "question": "Where is the headquarters of the company that produces the soft drink that the ICP traditionally sprays the audience with ?",
            "triples": [
                "<FTFO; album art; alludes to ICP tradition of spraying audience with Faygo>",
                "<Faygo; type; soft drink company>"
            ],
            "candidate_triples": [
                "A. no need for additional knowledge triples",
                "B. <FTFO; record label; Psychopathic Records>",
                "C. <Faygo; parent company; National Beverage Corporation>",
                "D. <Faygo; location; Detroit, Michigan>",
                "E. <FTFO; artist; Shaggy 2 Dope>",
            ],
            "answer": "D"
        },
        {
            "question": "Where is the headquarters of the company that produces the soft drink that the ICP traditionally sprays the audience with ?",
            "triples": [
                "<FTFO; album art; alludes to ICP tradition of spraying audience with Faygo>",
                "<Faygo; type; soft drink company>",
                "<Faygo; location; Detroit, Michigan>"
            ],
            "candidate_triples": [
                "A. no need for additional knowledge triples",
                "B. <FTFO; record label; Psychopathic Records>",
                "C. <Faygo; parent company; National Beverage Corporation>",
                "D. <Faygo; distribution regions; Midwest, Mid-Atlantic, and Central Southern regions of the United States, southern Canada>",
                "E. <Faygo; original name; Feigenson Brothers Bottling Works>",
            ],
            "answer": "A"
        },
    ],
    [
        {
            "question": "What  are three alternate names of the University where W.G. Godfrey received his BA and MA degrees?",
            "triples": [],
            "candidate_triples": [
                "A. no need for additional knowledge triples",
                "B. <W. G. Godfrey; education; BA and MA from the University of Waterloo, Ph.D. from Queen's University>",
                "C. <W. G. Godfrey; academic position; department chair at Mount Allison University>",
                "D. <W. G. Godfrey; academic title; Professor Emeritus at Mount Allison University, granted in 2007>",
                "E. <W. G. Godfrey; occupation; historian>",
            ],
            "answer": "B"
        },
        {
            "question": "What  are three alternate names of the University where W.G. Godfrey received his BA and MA degrees?",
            "triples": [
                "<W. G. Godfrey; education; BA and MA from the University of Waterloo, Ph.D. from Queen's University>"
            ],
            "candidate_triples": [
                "A. no need for additional knowledge triples",
                "B. <University of Waterloo; type; public research university>",
                "C. <University of Waterloo; location; Waterloo, Ontario>",
                "D. <University of Waterloo; academic programs; administered by six faculties and ten faculty-based schools>",
                "E. <W. G. Godfrey; academic position; department chair at Mount Allison University>",
            ],
            "answer": "B"
        },
        {
            "question": "What  are three alternate names of the University where W.G. Godfrey received his BA and MA degrees?",
            "triples": [
                "<W. G. Godfrey; education; BA and MA from the University of Waterloo, Ph.D. from Queen's University>",
                "<University of Waterloo; type; public research university>"
            ],
            "candidate_triples": [
                "A. no need for additional knowledge triples",
                "B. <University of Waterloo; academic programs; administered by six faculties and ten faculty-based schools>",
                "C. <University of Waterloo; location; Waterloo, Ontario>",
                "D. <W. G. Godfrey; academic position; department chair at Mount Allison University>",
                "E. <University of Waterloo; membership; U15, a group of research-intensive universities in Canada>",
            ],
            "answer": "B"
        },
        {
            "question": "What  are three alternate names of the University where W.G. Godfrey received his BA and MA degrees?",
            "triples": [
                "<W. G. Godfrey; education; BA and MA from the University of Waterloo, Ph.D. from Queen's University>",
                "<University of Waterloo; type; public research university>",
                "<University of Waterloo; academic programs; administered by six faculties and ten faculty-based schools>"
            ],
            "candidate_triples": [
                "A. no need for additional knowledge triples",
                "B. <W. G. Godfrey; academic position; department chair at Mount Allison University>",
                "C. <University of Waterloo; co-op program; largest post-secondary co-op program of its kind in the world>",
                "D. <University of Waterloo; affiliated university colleges; four>",
                "E. <University of Waterloo; notable feature; cooperative education (co-op) programs>",
            ],
            "answer": "C"
        },
    ],
    [
        {
            "question": "Who has perofrmed in more bands, Paul Draper or Kevin Max?",
            "triples": [],
            "candidate_triples": [
                "A. no need for additional knowledge triples",
                "B. <Paul Draper (musician); role in Mansun; frontman>",
                "C. <Paul Draper (musician); former band; Mansun>",
                "D. <Paul Draper (musician); date of birth; 26 September 1970>",
                "E. <Paul Draper (musician); occupation; singer-songwriter, musician, record producer>",
            ],
            "answer": "C"
        },
        {
            "question": "Who has perofrmed in more bands, Paul Draper or Kevin Max?",
            "triples": [
                "<Paul Draper (musician); former band; Mansun>"
            ],
            "candidate_triples": [
                "A. no need for additional knowledge triples",
                "B. <Paul Draper (musician); role in Mansun; frontman>",
                "C. <Kevin Max; lead singer of the band; Audio Adrenaline>",
                "D. <Kevin Max; group he was a member of; DC Talk>",
                "E. <Slipping Away (Mansun song); writer of the song; Paul Draper>",
            ],
            "answer": "C"
        },
        {
            "question": "Who has perofrmed in more bands, Paul Draper or Kevin Max?",
            "triples": [
                "<Paul Draper (musician); former band; Mansun>",
                "<Kevin Max; lead singer of the band; Audio Adrenaline>"
            ],
            "candidate_triples": [
                "A. no need for additional knowledge triples",
                "B. <Paul Draper (musician); role in Mansun; frontman>",
                "C. <Slipping Away (Mansun song); writer of the song; Paul Draper>",
                "D. <Paul Draper (musician); occupation; singer-songwriter, musician, record producer>",
                "E. <Kevin Max; group he was a member of; DC Talk>",
            ],
            "answer": "E"
        },
        {
            "question": "Who has perofrmed in more bands, Paul Draper or Kevin Max?",
            "triples": [
                "<Paul Draper (musician); former band; Mansun>",
                "<Kevin Max; lead singer of the band; Audio Adrenaline>",
                "<Kevin Max; group he was a member of; DC Talk>",
            ],
            "candidate_triples": [
                "A. no need for additional knowledge triples",
                "B. <Paul Draper (musician); role in Mansun; frontman>",
                "C. <Slipping Away (Mansun song); writer of the song; Paul Draper>",
                "D. <Six (Mansun song); writer of the song; Paul Draper>",
                "E. <Kevin Max; duration as lead singer of Audio Adrenaline; 2012-2014>",
            ],
            "answer": "A"
        },
    ],
    [
        {
            "question": "Which state did this male American academic and politician serve as a senator under whom Natalie Ravitz was a prominent staffer?",
            "triples": [],
            "candidate_triples": [
                "A. no need for additional knowledge triples",
                "B. <Natalie Ravitz; previous role; staffer for United States Senators Barbara Boxer and Paul Wellstone>",
                "C. <Natalie Ravitz; previous occupation; Rupert Murdoch\u2019s Chief of Staff at 21st Century Fox and News Corp>",
                "D. <Natalie Ravitz; previous occupation; Communications Director for the New York City Department of Education>",
                "E. <Elizabeth Warren; position; senior United States Senator from Massachusetts>",
            ],
            "answer": "B"
        },
        {
            "question": "Which state did this male American academic and politician serve as a senator under whom Natalie Ravitz was a prominent staffer?",
            "triples": [
                "<Natalie Ravitz; previous role; staffer for United States Senators Barbara Boxer and Paul Wellstone>"
            ],
            "candidate_triples": [
                "A. no need for additional knowledge triples",
                "B. <Paul Wellstone; represented; Minnesota in the United States Senate>",
                "C. <Paul Wellstone; occupation; academic and politician>",
                "D. <Paul Wellstone; nationality; American>",
                "E. <Paul Wellstone; party affiliation; Democratic Farmer-Labor Party>",
            ],
            "answer": "C"
        },
        {
            "question": "Which state did this male American academic and politician serve as a senator under whom Natalie Ravitz was a prominent staffer?",
            "triples": [
                "<Natalie Ravitz; previous role; staffer for United States Senators Barbara Boxer and Paul Wellstone>",
                "<Paul Wellstone; occupation; academic and politician>"
            ],
            "candidate_triples": [
                "A. no need for additional knowledge triples",
                "B. <Paul Wellstone; represented; Minnesota in the United States Senate>",
                "C. <Paul Wellstone; nationality; American>",
                "D. <Paul Wellstone; party affiliation; Democratic Farmer-Labor Party>",
                "E. <Paul Wellstone; role in the Democratic Party; leader of the progressive wing>",
            ],
            "answer": "B"
        },
        {
            "question": "Which state did this male American academic and politician serve as a senator under whom Natalie Ravitz was a prominent staffer?",
            "triples": [
                "<Natalie Ravitz; previous role; staffer for United States Senators Barbara Boxer and Paul Wellstone>",
                "<Paul Wellstone; occupation; academic and politician>",
                "<Paul Wellstone; represented; Minnesota in the United States Senate>"
            ],
            "candidate_triples": [
                "A. no need for additional knowledge triples",
                "B. <Paul Wellstone; party affiliation; Democratic Farmer-Labor Party>",
                "C. <Paul Wellstone; nationality; American>",
                "D. <Paul Wellstone; role in the Democratic Party; leader of the progressive wing>",
                "E. <Paul Wellstone; date of birth; July 21, 1944>",
            ],
            "answer": "A"
        },
    ],
    [
        {
            "question": "A board of coaches representing what British producer of newsreels and documentaries, active from 1910 through 1970, named William Inwood Smith a first-team All-American in 1935?",
            "triples": [],
            "candidate_triples": [
                "A. no need for additional knowledge triples",
                "B. <Inwood Smith, selected as a first-team All-American by; Grantland Rice for \"Collier's Weekly\" and a board of coaches for Path\u00e9 News>",
                "C. <Inwood Smith; All-American football player for; Ohio State University Buckeyes>",
                "D. <Inwood Smith; sports; football, competitive swimmer, basketball player, track and field athlete>",
                "E. <Inwood Smith; full name; William Inwood Smith>",
            ],
            "answer": "B"
        },
        {
            "question": "A board of coaches representing what British producer of newsreels and documentaries, active from 1910 through 1970, named William Inwood Smith a first-team All-American in 1935?",
            "triples": [
                "<Inwood Smith, selected as a first-team All-American by; Grantland Rice for \"Collier's Weekly\" and a board of coaches for Path\u00e9 News>"
            ],
            "candidate_triples": [
                "A. no need for additional knowledge triples",
                "B. <Path\u00e9 News; type; producer of newsreels and documentaries>",
                "C. <Inwood Smith; All-American football player for; Ohio State University Buckeyes>",
                "D. <Inwood Smith; sports; football, competitive swimmer, basketball player, track and field athlete>",
                "E. <Path\u00e9 News; founder; Charles Path\u00e9>",
            ],
            "answer": "B"
        },
        {
            "question": "A board of coaches representing what British producer of newsreels and documentaries, active from 1910 through 1970, named William Inwood Smith a first-team All-American in 1935?",
            "triples": [
                "<Inwood Smith, selected as a first-team All-American by; Grantland Rice for \"Collier's Weekly\" and a board of coaches for Path\u00e9 News>",
                "<Path\u00e9 News; type; producer of newsreels and documentaries>"
            ],
            "candidate_triples": [
                "A. no need for additional knowledge triples",
                "B. <Inwood Smith; All-American football player for; Ohio State University Buckeyes>",
                "C. <Inwood Smith; sports; football, competitive swimmer, basketball player, track and field athlete>",
                "D. <Path\u00e9 News; founder; Charles Path\u00e9>",
                "E. <Path\u00e9 News; duration of operation; 1910-1970>",
            ],
            "answer": "E"
        },
        {
            "question": "A board of coaches representing what British producer of newsreels and documentaries, active from 1910 through 1970, named William Inwood Smith a first-team All-American in 1935?",
            "triples": [
                "<Inwood Smith, selected as a first-team All-American by; Grantland Rice for \"Collier's Weekly\" and a board of coaches for Path\u00e9 News>",
                "<Path\u00e9 News; type; producer of newsreels and documentaries>",
                "<Path\u00e9 News; duration of operation; 1910-1970>"
            ],
            "candidate_triples": [
                "A. no need for additional knowledge triples",
                "B. <Inwood Smith; All-American football player for; Ohio State University Buckeyes>",
                "C. <Inwood Smith; sports; football, competitive swimmer, basketball player, track and field athlete>",
                "D. <Path\u00e9 News; founder; Charles Path\u00e9>",
                "E. <Path\u00e9 News; legacy; British Path\u00e9>",
            ],
            "answer": "A"
        },
    ],
    [
        {
            "question": "What was the occupation of both Marguerite Radclyffe Hall and Charles Bukowski?",
            "triples": [],
            "candidate_triples": [
                "A. no need for additional knowledge triples",
                "B. <Charles Bukowski; occupation; poet, novelist, short story writer>",
                "C. <Radclyffe Hall; full name; Marguerite Radclyffe Hall>",
                "D. <Radclyffe Hall; occupation; poet and author>",
                "E. <Charles Bukowski; occupation; poet>",
            ],
            "answer": "B"
        },
        {
            "question": "What was the occupation of both Marguerite Radclyffe Hall and Charles Bukowski?",
            "triples": [
                "<Charles Bukowski; occupation; poet, novelist, short story writer>"
            ],
            "candidate_triples": [
                "A. no need for additional knowledge triples",
                "B. <Radclyffe Hall; full name; Marguerite Radclyffe Hall>",
                "C. <Radclyffe Hall; occupation; poet and author>",
                "D. <Charles Bukowski; occupation; poet>",
                "E. <Radclyffe Hall; nationality; English>",
            ],
            "answer": "C"
        },
        {
            "question": "What was the occupation of both Marguerite Radclyffe Hall and Charles Bukowski?",
            "triples": [
                "<Charles Bukowski; occupation; poet, novelist, short story writer>",
                "<Radclyffe Hall; occupation; poet and author>"
            ],
            "candidate_triples": [
                "A. no need for additional knowledge triples",
                "B. <Radclyffe Hall; full name; Marguerite Radclyffe Hall>",
                "C. <Radclyffe Hall; notable work; The Well of Loneliness>",
                "D. <Charles Bukowski; occupation; poet>",
                "E. <Radclyffe Hall; nationality; English>",
            ],
            "answer": "A"
        },
    ],
    [
        {
            "question": "Which genus of plant life is more palm like, Pandanus or Eriogonum?",
            "triples": [],
            "candidate_triples": [
                "A. no need for additional knowledge triples",
                "B. <Pandanus; physical characteristics; palm-like, dioecious trees and shrubs>",
                "C. <Eriogonum; scientific name; genus of flowering plants in the family Polygonaceae>",
                "D. <Pandanus; classification; order Pandanales, family Pandanaceae>",
                "E. <Pandanus; common names; pandan, screw palm, screw pine>",
            ],
            "answer": "B"
        },
        {
            "question": "Which genus of plant life is more palm like, Pandanus or Eriogonum?",
            "triples": [
                "<Pandanus; physical characteristics; palm-like, dioecious trees and shrubs>"
            ],
            "candidate_triples": [
                "A. no need for additional knowledge triples",
                "B. <Eriogonum; scientific name; genus of flowering plants in the family Polygonaceae>",
                "C. <Pandanus; classification; order Pandanales, family Pandanaceae>",
                "D. <Pandanus; common names; pandan, screw palm, screw pine>",
                "E. <Pandanus; type; genus of monocots>",
            ],
            "answer": "B"
        },
        {
            "question": "Which genus of plant life is more palm like, Pandanus or Eriogonum?",
            "triples": [
                "<Pandanus; physical characteristics; palm-like, dioecious trees and shrubs>",
                "<Eriogonum; scientific name; genus of flowering plants in the family Polygonaceae>",
            ],
            "candidate_triples": [
                "A. no need for additional knowledge triples",
                "B. <Pandanus; classification; order Pandanales, family Pandanaceae>",
                "C. <Pandanus; common names; pandan, screw palm, screw pine>",
                "D. <Pandanus; type; genus of monocots>",
                "E. <Eriogonum inflatum; family; Polygonaceae>",
            ],
            "answer": "C"
        },
        {
            "question": "Which genus of plant life is more palm like, Pandanus or Eriogonum?",
            "triples": [
                "<Pandanus; physical characteristics; palm-like, dioecious trees and shrubs>",
                "<Eriogonum; scientific name; genus of flowering plants in the family Polygonaceae>",
                "<Pandanus; common names; pandan, screw palm, screw pine>"
            ],
            "candidate_triples": [
                "A. no need for additional knowledge triples",
                "B. <Pandanus; classification; order Pandanales, family Pandanaceae>",
                "C. <Pandanus; type; genus of monocots>",
                "D. <Eriogonum inflatum; family; Polygonaceae>",
                "E. <Eriogonum; includes; California buckwheat (\"Eriogonum fasciculatum\")>",
            ],
            "answer": "D"
        },
    ],
    [
        {
            "question": "Who is credited with composing the music for the song named in a famous Guatemalan lottery dedicated to help the deafblind?",
            "triples": [],
            "candidate_triples": [
                "A. no need for additional knowledge triples",
                "B. <Santa Lucia; year of composition; 1835>",
                "C. <Loter\u00eda Santa Luc\u00eda; purpose; to help the deafblind across the country>",
                "D. <Santa Lucia; type; traditional Neapolitan song>",
                "E. <Santa Lucia; composer; A. Longo (1835)>",
            ],
            "answer": "C"
        },
        {
            "question": "Who is credited with composing the music for the song named in a famous Guatemalan lottery dedicated to help the deafblind?",
            "triples": [
                "<Loter\u00eda Santa Luc\u00eda; purpose; to help the deafblind across the country>"
            ],
            "candidate_triples": [
                "A. no need for additional knowledge triples",
                "B. <Santa Lucia; year of composition; 1835>",
                "C. <Loter\u00eda Santa Luc\u00eda; location; Guatemala>",
                "D. <Santa Lucia; type; traditional Neapolitan song>",
                "E. <Santa Lucia; composer; A. Longo (1835)>",
            ],
            "answer": "E"
        },
        {
            "question": "Who is credited with composing the music for the song named in a famous Guatemalan lottery dedicated to help the deafblind?",
            "triples": [
                "<Loter\u00eda Santa Luc\u00eda; purpose; to help the deafblind across the country>",
                "<Santa Lucia; composer; A. Longo (1835)>"
            ],
            "candidate_triples": [
                "A. no need for additional knowledge triples",
                "B. <Santa Lucia; year of composition; 1835>",
                "C. <Loter\u00eda Santa Luc\u00eda; location; Guatemala>",
                "D. <Santa Lucia; type; traditional Neapolitan song>",
                "E. <Loter\u00eda Santa Luc\u00eda; type; lottery>",
            ],
            "answer": "A"
        },
    ],
    [
        {
            "question": "What lake borders the city where the 308th Bombardment Wing was last stationed?",
            "triples": [],
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <375th Bombardment Squadron; last assignment; 308th Bombardment Wing>",
                "C. <308th Bombardment Wing (U.S. Army Air Forces); location; Nagoya, Japan>",
                "D. <736th Bombardment Squadron; last station; Columbus Air Force Base, Mississippi>",
                "E. <720th Bombardment Squadron; last station; Minot Air Force Base, North Dakota>",
            ],
            "answer": "B"
        },
        {
            "question": "What lake borders the city where the 308th Bombardment Wing was last stationed?",
            "triples": [
                "<375th Bombardment Squadron; last assignment; 308th Bombardment Wing>"
            ],
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <425th Bombardment Squadron; last assignment; 308th Bombardment Wing>",
                "C. <308th Bombardment Wing (U.S. Army Air Forces); last assignment; Far East Air Forces>",
                "D. <375th Bombardment Squadron; location; Plattsburgh Air Force Base, New York>",
                "E. <308th Bombardment Wing (U.S. Army Air Forces); location; Nagoya, Japan>",
            ],
            "answer": "D"
        },
        {
            "question": "What lake borders the city where the 308th Bombardment Wing was last stationed?",
            "triples": [
                "<375th Bombardment Squadron; last assignment; 308th Bombardment Wing>",
                "<375th Bombardment Squadron; location; Plattsburgh Air Force Base, New York>"
            ],
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Plattsburgh Air Force Base; location; city of Plattsburgh, New York>",
                "C. <375th Bombardment Squadron; location; Plattsburgh Air Force Base, New York>",
                "D. <425th Bombardment Squadron; location of last assignment; Plattsburgh Air Force Base, New York>",
                "E. <Plattsburgh Air Force Base; location; western shore of Lake Champlain opposite Burlington, Vermont>",
            ],
            "answer": "E"
        },
        {
            "question": "What lake borders the city where the 308th Bombardment Wing was last stationed?",
            "triples": [
                "<375th Bombardment Squadron; last assignment; 308th Bombardment Wing>",
                "<375th Bombardment Squadron; location; Plattsburgh Air Force Base, New York>",
                "<Plattsburgh Air Force Base; location; western shore of Lake Champlain opposite Burlington, Vermont>"
            ],
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Plattsburgh Air Force Base; location; city of Plattsburgh, New York>",
                "C. <425th Bombardment Squadron; location of last assignment; Plattsburgh Air Force Base, New York>",
                "D. <Plattsburgh Air Force Base; location; extreme northeast corner of New York>",
                "E. <Plattsburgh Air Force Base; location; 20 miles (32 km) south of the Canada–United States border>",
            ],
            "answer": "A"
        },
    ],
    [
        {
            "question": "Justin Shenkarow voices Harold Berman, a character from a television series that aired on what station?",
            "triples": [],
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Title: Justin Shenkarow; notable roles; Matthew Brock in \"Picket Fences\", Simon Holmes in \"Eerie, Indiana\", Harold Berman on \"Hey Arnold!\">",
                "C. <Title: Justin Shenkarow; occupation; actor, voice actor, producer, writer, director>",
                "D. <Hey Arnold!; network; Nickelodeon>",
                "E. <Hey Arnold!; type; American animated television series>",
            ],
            "answer": "B"
        },
        {
            "question": "Justin Shenkarow voices Harold Berman, a character from a television series that aired on what station?",
            "triples": [
                "<Title: Justin Shenkarow; notable roles; Matthew Brock in \"Picket Fences\", Simon Holmes in \"Eerie, Indiana\", Harold Berman on \"Hey Arnold!\">"  
            ],
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Hey Arnold!; type; American animated television series>",
                "C. <Hey Arnold!; air dates; October 7, 1996 to June 8, 2004>",
                "D. <Hey Arnold!; network; Nickelodeon>",
                "E. <Hey Arnold!; main character; Arnold>",
            ],
            "answer": "D"
        },
        {
            "question": "Justin Shenkarow voices Harold Berman, a character from a television series that aired on what station?",
            "triples": [
                "<Title: Justin Shenkarow; notable roles; Matthew Brock in \"Picket Fences\", Simon Holmes in \"Eerie, Indiana\", Harold Berman on \"Hey Arnold!\">",
                "<Hey Arnold!; network; Nickelodeon>"
            ],
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Hey Arnold!; air dates; October 7, 1996 to June 8, 2004>",
                "C. <Hey Arnold!; type; American animated television series>",
                "D. <Hey Arnold!; creator; Craig Bartlett>",
                "E. <Hey Arnold!; main character; Arnold>",
            ],
            "answer": "A"
        },
    ],
    [
        {
            "question": "What is the 5th studio album released by the singer of \"A Girl's Gotta Do (What a Girl's Gotta Do)\"?",
            "triples": [],
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <A Girl's Gotta Do (What a Girl's Gotta Do); artist; American country music artist Mindy McCready>",
                "C. <A Girl's Gotta Do (What a Girl's Gotta Do); release date; February 1997>",
                "D. <Ten Thousand Angels; fourth single; \"A Girl's Gotta Do (What a Girl's Gotta Do)\">",
                "E. <A Girl's Gotta Do (What a Girl's Gotta Do); songwriters; Robert Byrne and Rick Bowles>",
            ],
            "answer": "B"
        },
        {
            "question": "What is the 5th studio album released by the singer of \"A Girl's Gotta Do (What a Girl's Gotta Do)\"?",
            "triples": [
                "<A Girl's Gotta Do (What a Girl's Gotta Do); artist; American country music artist Mindy McCready>"
            ],
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Mindy McCready; number of studio albums; five>",
                "C. <Mindy McCready; fourth album; self-titled>",
                "D. <Mindy McCready; debut album release year; 1996>",
                "E. <Mindy McCready; fifth album; I'm Still Here>",
            ],
            "answer": "E"
        },
        {
            "question": "What is the 5th studio album released by the singer of \"A Girl's Gotta Do (What a Girl's Gotta Do)\"?",
            "triples": [
                "<A Girl's Gotta Do (What a Girl's Gotta Do); artist; American country music artist Mindy McCready>",
                "<Mindy McCready; fifth album; I'm Still Here>"
            ],
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Mindy McCready; third album; I'm Not So Tough>",
                "C. <Mindy McCready; debut album release year; 1996>",
                "D. <Mindy McCready; fourth album; self-titled>",
                "E. <Mindy McCready; number of studio albums; five>",
            ],
            "answer": "A"
        },
    ],
    [
        {
            "question": "Which profession does Boris Barnet have in common with Baltasar Korm\u00e1kur?",
            "triples": [],
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Baltasar Korm\u00e1kur; recognition; best known for directing the films \"101 Reykjav\u00edk\", \"Hafi\u00f0\", \"A Little Trip to Heaven\", \"Contraband\", \"2 Guns\", and \"Everest\">",
                "C. <Baltasar Korm\u00e1kur; occupation; actor, theater and film director, film producer>",
                "D. <Boris Barnet; occupation; film director, actor, and screenwriter>",
                "E. <Baltasar Breki Samper; relation to director; son of Icelandic director Baltasar Korm\u00e1kur>",
            ],
            "answer": "C"
        },
        {
            "question": "Which profession does Boris Barnet have in common with Baltasar Korm\u00e1kur?",
            "triples": [
                "<Baltasar Korm\u00e1kur; occupation; actor, theater and film director, film producer>"
            ],
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Baltasar Korm\u00e1kur; recognition; best known for directing the films \"101 Reykjav\u00edk\", \"Hafi\u00f0\", \"A Little Trip to Heaven\", \"Contraband\", \"2 Guns\", and \"Everest\">",
                "C. <Boris Barnet; occupation; film director, actor, and screenwriter>",
                "D. <Boris Barnet; number of films directed; 27>",
                "E. <Boris Barnet; time period of film direction; 1927-1963>",
            ],
            "answer": "C"
        },
        {
            "question": "Which profession does Boris Barnet have in common with Baltasar Korm\u00e1kur?",
            "triples": [
                "<Baltasar Korm\u00e1kur; occupation; actor, theater and film director, film producer>",
                "<Boris Barnet; occupation; film director, actor, and screenwriter>"
            ],
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Baltasar Korm\u00e1kur; recognition; best known for directing the films \"101 Reykjav\u00edk\", \"Hafi\u00f0\", \"A Little Trip to Heaven\", \"Contraband\", \"2 Guns\", and \"Everest\">",
                "C. <Baltasar Breki Samper; relation to director; son of Icelandic director Baltasar Korm\u00e1kur>",
                "D. <Baltasar Korm\u00e1kur; family; father is the Spanish painter Baltasar Samper, son is actor Baltasar Breki Samper>",
                "E. <Boris Barnet; number of films directed; 27>",
            ],
            "answer": "A"
        },
    ],
    [
        {
            "question": "Who directed the movie containing the phrase inspiring the name of The Dismemberment Plan?",
            "triples": [],
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <The Dismemberment Plan; origin of the name; a stray phrase uttered by Ned Ryerson in the comedy \"Groundhog Day\">",
                "C. <The Dismemberment Plan; also known as; D-Plan, The Plan>",
                "D. <The Dismemberment Plan Is Terrified; band; The Dismemberment Plan>",
                "E. <A People's History of the Dismemberment Plan; artist; The Dismemberment Plan>",
            ],
            "answer": "B"
        },
        {
            "question": "Who directed the movie containing the phrase inspiring the name of The Dismemberment Plan?",
            "triples": [
                "<The Dismemberment Plan; origin of the name; a stray phrase uttered by Ned Ryerson in the comedy \"Groundhog Day\">"
            ],
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Groundhog Day (film); starring; Bill Murray, Andie MacDowell, Chris Elliott>",
                "C. <Groundhog Day (film); story; based on a story by Danny Rubin>",
                "D. <Groundhog Day (film); genre; fantasy-comedy film>",
                "E. <Groundhog Day (film); director; Harold Ramis>",
            ],
            "answer": "E"
        },
        {
            "question": "Who directed the movie containing the phrase inspiring the name of The Dismemberment Plan?",
            "triples": [
                "<The Dismemberment Plan; origin of the name; a stray phrase uttered by Ned Ryerson in the comedy \"Groundhog Day\">",
                "<Groundhog Day (film); director; Harold Ramis>"
            ],
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <The Dismemberment Plan; also known as; D-Plan, The Plan>",
                "C. <Groundhog Day (film); story; based on a story by Danny Rubin>",
                "D. <Groundhog Day (film); starring; Bill Murray, Andie MacDowell, Chris Elliott>",
                "E. <Groundhog Day (film); genre; fantasy-comedy film>",
            ],
            "answer": "A"
        },
    ],
    [
        {
            "question": "Where was the rock band the star of \"Her Name is Nicole\" played alongside from?",
            "triples": [],
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Nicole Scherzinger; group she was a member of; the Pussycat Dolls>",
                "C. <Nicole Scherzinger; career path; pursued a musical career alongside the American rock band Days of the New and later auditioned for \"Popstars\" and became a member of the short-lived girl group Eden's Crush>",
                "D. <Nicole Scherzinger; role in the group; lead singer>",
                "E. <Days of the New; notable supporting musician; Nicole Scherzinger>",
            ],
            "answer": "C"
        },
        {
            "question": "Where was the rock band the star of \"Her Name is Nicole\" played alongside from?",
            "triples": [
                "<Nicole Scherzinger; career path; pursued a musical career alongside the American rock band Days of the New and later auditioned for \"Popstars\" and became a member of the short-lived girl group Eden's Crush>"
            ],
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Days of the New; notable supporting musician; Nicole Scherzinger>",
                "C. <Nicole Scherzinger; group she was a member of; the Pussycat Dolls>",
                "D. <Nicole Scherzinger; place of birth; Honolulu, Hawaii>",
                "E. <Days of the New; origin; Charlestown, Indiana>",
            ],
            "answer": "E"
        },
        {
            "question": "Where was the rock band the star of \"Her Name is Nicole\" played alongside from?",
            "triples": [
                "<Nicole Scherzinger; career path; pursued a musical career alongside the American rock band Days of the New and later auditioned for \"Popstars\" and became a member of the short-lived girl group Eden's Crush>",
                "<Days of the New; origin; Charlestown, Indiana>"
            ],
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Days of the New; notable supporting musician; Nicole Scherzinger>",
                "C. <Days of the New; formation year; 1995>",
                "D. <Nicole Scherzinger; place of upbringing; Louisville, Kentucky>",
                "E. <Nicole Scherzinger; group she was a member of; the Pussycat Dolls>",
            ],
            "answer": "A"
        },
    ],
    [
        {
            "question": "Who does the goalkeeper play for which Ahmad Khormali's tracksuit bottoms resemble?",
            "triples": [],
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Ahmad Khormali; occupation; football goalkeeper>",
                "C. <Amir Abedzadeh; position; goalkeeper>",
                "D. <Ahmad Khormali; fashion style; wears pyjama-like tracksuit bottoms>",
                "E. <Ahmad Khormali; inspiration; Hungarian goalkeeper G\u00e1bor Kir\u00e1ly>",
            ],
            "answer": "D"
        },
        {
            "question": "Who does the goalkeeper play for which Ahmad Khormali's tracksuit bottoms resemble?",
            "triples": [
                "<Ahmad Khormali; fashion style; wears pyjama-like tracksuit bottoms>"
            ],
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Ahmad Khormali; occupation; football goalkeeper>",
                "C. <Amir Abedzadeh; position; goalkeeper>",
                "D. <Ahmad Khormali; inspiration; Hungarian goalkeeper G\u00e1bor Kir\u00e1ly>",
                "E. <Ahmad Ali Jaber; occupation; football goalkeeper>",
            ],
            "answer": "D"
        },
        {
            "question": "Who does the goalkeeper play for which Ahmad Khormali's tracksuit bottoms resemble?",
            "triples": [
                "<Ahmad Khormali; fashion style; wears pyjama-like tracksuit bottoms>",
                "<Ahmad Khormali; inspiration; Hungarian goalkeeper G\u00e1bor Kir\u00e1ly>",
            ],
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <G\u00e1bor Kir\u00e1ly; position; goalkeeper>",
                "C. <Ahmad Khormali; occupation; football goalkeeper>",
                "D. <Amir Abedzadeh; position; goalkeeper>",
                "E. <G\u00e1bor Kir\u00e1ly; occupation; professional footballer>",
            ],
            "answer": "B"
        },
        {
            "question": "Who does the goalkeeper play for which Ahmad Khormali's tracksuit bottoms resemble?",
            "triples": [
                "<Ahmad Khormali; fashion style; wears pyjama-like tracksuit bottoms>",
                "<Ahmad Khormali; inspiration; Hungarian goalkeeper G\u00e1bor Kir\u00e1ly>",
                "<G\u00e1bor Kir\u00e1ly; position; goalkeeper>"
            ],
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Ahmad Khormali; occupation; football goalkeeper>",
                "C. <Amir Abedzadeh; position; goalkeeper>",
                "D. <G\u00e1bor Kir\u00e1ly; occupation; professional footballer>",
                "E. <G\u00e1bor Kir\u00e1ly; current team; Szombathelyi Halad\u00e1s>",
            ],
            "answer": "E"
        },
    ],
    [
        {
            "question": "When was the actress who is performing a routine bugging operation in \"One Last Dance\" born?",
            "triples": [],
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <One Last Dance (2003 film); starring; Patrick Swayze, Lisa Niemi, George de la Pe\u00f1a>",
                "C. <One Last Dance (Spooks); type; episode of the first series of the British television series \"Spooks\">",
                "D. <One Last Dance (R5 song); artist; American pop rock band R5>",
                "E. <Keeley Hawes; occupation; actress>",
            ],
            "answer": "E"
        },
        {
            "question": "When was the actress who is performing a routine bugging operation in \"One Last Dance\" born?",
            "triples": [
                "<Keeley Hawes; occupation; actress>"
            ],
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <One Last Dance (Spooks); type; episode of the first series of the British television series \"Spooks\">",
                "C. <One Last Dance (Spooks); television network that aired the episode; BBC One>",
                "D. <Keeley Hawes; birthdate; 10 February 1976>",
                "E. <One Last Dance (Spooks); air date; 27 June 2002>",
            ],
            "answer": "D"
        },
        {
            "question": "When was the actress who is performing a routine bugging operation in \"One Last Dance\" born?",
            "triples": [
                "<Keeley Hawes; occupation; actress>",
                "<Keeley Hawes; birthdate; 10 February 1976>"
            ],
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <One Last Dance (Spooks); air date; 27 June 2002>",
                "C. <One Last Dance (Spooks); television network that aired the episode; BBC One>",
                "D. <One Last Dance (Spooks); viewership; over 7 million viewers in the UK>",
                "E. <One Last Dance (Spooks); plot; based on the Iranian Embassy Siege in 1980>",
            ],
            "answer": "A"
        },
    ],
    [
        {
            "question": "In which National Football League (NFL) team did a cast member of \"Do You Believe?\" play for?",
            "triples": [],
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Do You Believe? (film); starring; Ted McGinley, Mira Sorvino, Andrea Logan White, Lee Majors, Alexa PenaVega, Sean Astin, Madison Pettis, Cybill Shepherd, and Brian Bosworth>",
                "C. <Do You Believe? (film); genre; Christian ensemble drama film>",
                "D. <Marcus Jones (athlete); league he played in; National Football League (NFL)>",
                "E. <Brian Bosworth; league he played in; National Football League (NFL)>",
            ],
            "answer": "B"
        },
        {
            "question": "In which National Football League (NFL) team did a cast member of \"Do You Believe?\" play for?",
            "triples": [
                "<Do You Believe? (film); starring; Ted McGinley, Mira Sorvino, Andrea Logan White, Lee Majors, Alexa PenaVega, Sean Astin, Madison Pettis, Cybill Shepherd, and Brian Bosworth>"
            ],
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Brian Bosworth; occupation; former professional football player>",
                "C. <Brian Bosworth; league he played in; National Football League (NFL)>",
                "D. <Brian Bosworth; team he played for; Seattle Seahawks>",
                "E. <Do You Believe? (film); genre; Christian ensemble drama film>",
            ],
            "answer": "D"
        },
        {
            "question": "In which National Football League (NFL) team did a cast member of \"Do You Believe?\" play for?",
            "triples": [
                "<Do You Believe? (film); starring; Ted McGinley, Mira Sorvino, Andrea Logan White, Lee Majors, Alexa PenaVega, Sean Astin, Madison Pettis, Cybill Shepherd, and Brian Bosworth>",
                "<Brian Bosworth; team he played for; Seattle Seahawks>"
            ],
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Brian Bosworth; occupation; former professional football player>",
                "C. <Brian Bosworth; league he played in; National Football League (NFL)>",
                "D. <Brian Bosworth; position; linebacker>",
                "E. <Brian Bosworth; nationality; American>",
            ],
            "answer": "A"
        }
    ],
    [
        {
            "question": "Consider the racer for whom the bend at the 26th Milestone, Isle of Man is dedicated. When were they born?",
            "triples": [],
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <26th Milestone, Isle of Man; named after; Joey Dunlop>",
                "C. <26th Milestone, Isle of Man; event; Joey Dunlop died after a racing motorcycle crash in Estonia in July 2000>",
                "D. <Joey Dunlop; achievement; won a record 26 races in total at the Isle of Man TT meeting>",
                "E. <11th Milestone, Isle of Man; event; Isle of Man TT races>",
            ],
            "answer": "B"
        },
        {
            "question": "Consider the racer for whom the bend at the 26th Milestone, Isle of Man is dedicated. When were they born?",
            "triples": [
                "<26th Milestone, Isle of Man; named after; Joey Dunlop>"
            ],
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <26th Milestone, Isle of Man; event; Joey Dunlop died after a racing motorcycle crash in Estonia in July 2000>",
                "C. <Joey Dunlop; achievement; won a record 26 races in total at the Isle of Man TT meeting>",
                "D. <Joey Dunlop; date of birth; 25 February 1952>",
                "E. <Joey Dunlop; full name; William Joseph Dunlop>",
            ],
            "answer": "D"
        },
        {
            "question": "Consider the racer for whom the bend at the 26th Milestone, Isle of Man is dedicated. When were they born?",
            "triples": [
                "<26th Milestone, Isle of Man; named after; Joey Dunlop>",
                "<Joey Dunlop; date of birth; 25 February 1952>"
            ],
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <26th Milestone, Isle of Man; event; Joey Dunlop died after a racing motorcycle crash in Estonia in July 2000>",
                "C. <Joey Dunlop; achievement; won a record 26 races in total at the Isle of Man TT meeting>",
                "D. <Joey Dunlop; date of death; 2 July 2000>",
                "E. <26th Milestone, Isle of Man; alternative name; \"Joey\u2019s\">",
            ],
            "answer": "A"
        },
    ]
]


FINAL_CHAIN_EXAMPLARS_HOTPOTQA = [
    {
        "question": "Who distributed a movie whose cast includes an actor who acted in \"Him\"?",
        "chains": "<Fionn Whitehead; notable work; \"Him\" (2016 ITV miniseries)>, <Dunkirk (2017 film); cast; Fionn Whitehead, Tom Glynn-Carney, Jack Lowden, Harry Styles, Aneurin Barnard, James D'Arcy, Barry Keoghan, Kenneth Branagh, Cillian Murphy, Mark Rylance, Tom Hardy>, <Dunkirk (2017 film); distributor; Warner Bros. Pictures>",
    },
    {
        "question": "Which magazine published papers more often; The Wittenburg Door or Sports Collectors Digest?",
        "chains": "<Sports Collectors Digest; type; American advertising weekly paper>, <The Wittenburg Door; publication frequency; bimonthly>",
    },
    {
        "question": "Where is the headquarters of the company that produces the soft drink that the ICP traditionally sprays the audience with ?",
        "chains": "<FTFO; album art; alludes to ICP tradition of spraying audience with Faygo>, <Faygo; type; soft drink company>, <Faygo; location; Detroit, Michigan>", 
    },
    {
        "question": "What  are three alternate names of the University where W.G. Godfrey received his BA and MA degrees?",
        "chains": "<W. G. Godfrey; education; BA and MA from the University of Waterloo, Ph.D. from Queen's University>, <University of Waterloo; type; public research university>, <University of Waterloo; academic programs; administered by six faculties and ten faculty-based schools>, <University of Waterloo; co-op program; largest post-secondary co-op program of its kind in the world>"
    },
    {
        "question": "Who has perofrmed in more bands, Paul Draper or Kevin Max?",
        "chains": "<Paul Draper (musician); former band; Mansun>, <Kevin Max; lead singer of the band; Audio Adrenaline>, <Kevin Max; group he was a member of; DC Talk>",
    },
    {
        "question": "Which state did this male American academic and politician serve as a senator under whom Natalie Ravitz was a prominent staffer?",
        "chains": "<Natalie Ravitz; previous role; staffer for United States Senators Barbara Boxer and Paul Wellstone>, <Paul Wellstone; occupation; academic and politician>, <Paul Wellstone; represented; Minnesota in the United States Senate>", 
    },
    {
        "question": "A board of coaches representing what British producer of newsreels and documentaries, active from 1910 through 1970, named William Inwood Smith a first-team All-American in 1935?",
        "chains": "<Inwood Smith, selected as a first-team All-American by; Grantland Rice for \"Collier's Weekly\" and a board of coaches for Path\u00e9 News>, <Path\u00e9 News; type; producer of newsreels and documentaries>, <Path\u00e9 News; duration of operation; 1910-1970>"
    },
    {
        "question": "What was the occupation of both Marguerite Radclyffe Hall and Charles Bukowski?",
        "chains": "<Charles Bukowski; occupation; poet, novelist, short story writer>, <Radclyffe Hall; occupation; poet and author>"
    },
    {
        "question": "Which genus of plant life is more palm like, Pandanus or Eriogonum?",
        "chains": "<Pandanus; physical characteristics; palm-like, dioecious trees and shrubs>, <Eriogonum; scientific name; genus of flowering plants in the family Polygonaceae>, <Pandanus; common names; pandan, screw palm, screw pine>, <Eriogonum inflatum; family; Polygonaceae>",
    },
    {
        "question": "Who is credited with composing the music for the song named in a famous Guatemalan lottery dedicated to help the deafblind?",
        "chains": "<Loter\u00eda Santa Luc\u00eda; purpose; to help the deafblind across the country>, <Santa Lucia; composer; A. Longo (1835)>",
    },
    {
        "question": "What lake borders the city where the 308th Bombardment Wing was last stationed?",
        "chains": "<375th Bombardment Squadron; last assignment; 308th Bombardment Wing>, <375th Bombardment Squadron; location; Plattsburgh Air Force Base, New York>, <Plattsburgh Air Force Base; location; western shore of Lake Champlain opposite Burlington, Vermont>",
    },
    {
        "question": "Justin Shenkarow voices Harold Berman, a character from a television series that aired on what station?",
        "chains": "<Title: Justin Shenkarow; notable roles; Matthew Brock in \"Picket Fences\", Simon Holmes in \"Eerie, Indiana\", Harold Berman on \"Hey Arnold!\">, <Hey Arnold!; network; Nickelodeon>", 
    },
    {
        "question": "What is the 5th studio album released by the singer of \"A Girl's Gotta Do (What a Girl's Gotta Do)\"?",
        "chains": "<A Girl's Gotta Do (What a Girl's Gotta Do); artist; American country music artist Mindy McCready>, <Mindy McCready; fifth album; I'm Still Here>", 
    },
    {
        "question": "Which profession does Boris Barnet have in common with Baltasar Korm\u00e1kur?",
        "chains": "<Baltasar Korm\u00e1kur; occupation; actor, theater and film director, film producer>, <Boris Barnet; occupation; film director, actor, and screenwriter>", 
    },
    {
        "question": "Who directed the movie containing the phrase inspiring the name of The Dismemberment Plan?",
        "chains": "<The Dismemberment Plan; origin of the name; a stray phrase uttered by Ned Ryerson in the comedy \"Groundhog Day\">, <Groundhog Day (film); director; Harold Ramis>", 
    },
    {
        "question": "Where was the rock band the star of \"Her Name is Nicole\" played alongside from?",
        "chains": "<Nicole Scherzinger; career path; pursued a musical career alongside the American rock band Days of the New and later auditioned for \"Popstars\" and became a member of the short-lived girl group Eden's Crush>, <Days of the New; origin; Charlestown, Indiana>",
    },
    {
        "question": "Who does the goalkeeper play for which Ahmad Khormali's tracksuit bottoms resemble?",
        "chains": "<Ahmad Khormali; fashion style; wears pyjama-like tracksuit bottoms>, <Ahmad Khormali; inspiration; Hungarian goalkeeper G\u00e1bor Kir\u00e1ly>, <G\u00e1bor Kir\u00e1ly; position; goalkeeper>, <G\u00e1bor Kir\u00e1ly; current team; Szombathelyi Halad\u00e1s>", 
    },
    {
        "question": "When was the actress who is performing a routine bugging operation in \"One Last Dance\" born?",
        "chains": "<Keeley Hawes; occupation; actress>, <Keeley Hawes; birthdate; 10 February 1976>", 
    },
    {
        "question": "In which National Football League (NFL) team did a cast member of \"Do You Believe?\" play for?",
        "chains": "<Do You Believe? (film); starring; Ted McGinley, Mira Sorvino, Andrea Logan White, Lee Majors, Alexa PenaVega, Sean Astin, Madison Pettis, Cybill Shepherd, and Brian Bosworth>, <Brian Bosworth; team he played for; Seattle Seahawks>", 
    },
    {
        "question": "Consider the racer for whom the bend at the 26th Milestone, Isle of Man is dedicated. When were they born?",
        "chains": "<26th Milestone, Isle of Man; named after; Joey Dunlop>, <Joey Dunlop; date of birth; 25 February 1952>"
    }
]


TRIPLE_EXAMPLARS_2WIKIMULTIHOPQA = [
    # 1 - 5 
    {
        "title": "A Girl of the People",
        "text": "A Girl of the People( German: Ein M\u00e4del aus dem Volke) is a 1927 German silent historical drama film directed by Jacob Fleck and Luise Fleck and starring Xenia Desni, Harry Liedtke and Livio Pavanelli. The film's sets were designed by the art director Botho Hoefer and August Rinaldi.",
        "triples": "<A Girl of the People; German name of the film; Ein M\u00e4del aus dem Volke>\n<A Girl of the People; release year; 1927>\n<A Girl of the People; country where the film was made; Germany>\n<A Girl of the People; type of the film; historical drama>\n<A Girl of the People; format; silent film>\n<A Girl of the People; directors; Jacob Fleck and Luise Fleck>\n<A Girl of the People; starring; Xenia Desni, Harry Liedtke, Livio Pavanelli>\n<A Girl of the People; art directors; Botho Hoefer and August Rinaldi>"
    },
    {
        "title": "Theodred II (Bishop of Elmham)",
        "text": "Theodred II was a medieval Bishop of Elmham. The date of Theodred's consecration unknown, but the date of his death was sometime between 995 and 997.",
        "triples": "<Theodred II (Bishop of Elmham); ecclesiastical role; Bishop of Elmham>\n<Theodred II (Bishop of Elmham); consecration date; unknown>\n<Theodred II (Bishop of Elmham); date of death; sometime between 995 and 997>", 
    },
    {
        "title": "File Under Miscellaneous",
        "text": "File Under Miscellaneous is a Canadian short film, directed by Jeff Barnaby and released in 2010. A dystopian science fiction film, it stars Glen Gould as a Mi'kmaq man who is tired of being victimized by anti-First Nations racism, and undergoes invasive surgery to become white. The film premiered at the 2010 Toronto International Film Festival, and received a Genie Award nomination for Best Live Action Short Drama at the 31st Genie Awards.",
        "triples": "<File Under Miscellaneous; type; short film>\n<File Under Miscellaneous; director; Jeff Barnaby>\n<File Under Miscellaneous; country where the film was made; Canada>\n<File Under Miscellaneous; release year; 2010>\n<File Under Miscellaneous; genre of the film; dystopian science fiction>\n<File Under Miscellaneous; main actor in the film; Glen Gould>\n<File Under Miscellaneous; plot; a Mi'kmaq man who is tired of being victimized by anti-First Nations racism, and undergoes invasive surgery to become white>\n<File Under Miscellaneous; premiere; 2010 Toronto International Film Festival>\n<File Under Miscellaneous; award nomination; Best Live Action Short Drama at the 31st Genie Awards>", 
    },
    {
        "title": "Peter Levin",
        "text": "Peter Levin is an American director of film, television and theatre.",
        "triples": "<Peter Levin; nationality; American>\n<Peter Levin; occupation; director of film, television and theatre>", 
    },
    {
        "title": "Ian Barry (director)",
        "text": "Ian Barry is an Australian director of film and TV.",
        "triples": "<Ian Barry (director); nationality; Australian>\n<Ian Barry (director); occupation; director of film and TV>", 
    },
    # 6 - 10 
    {
        "title": "Thomas Scott (diver)",
        "text": "Thomas Scott( 1907- date of death unknown) was an English diver.",
        "triples": "<Thomas Scott (diver); year of birth; 1907>\n<Thomas Scott (diver); date of death; unknown>\n<Thomas Scott (diver); nationality; English>\n<Thomas Scott (diver); occupation; diver>", 
    },
    {
        "title": "Telephone numbers in Ascension Island",
        "text": "Country Code:+ 247< br> International Call Prefix: 00 Ascension Island does not share the same country code( +290) with the rest of St Helena.",
        "triples": "<Telephone numbers in Ascension Island; country code; +247>\n<Telephone numbers in Ascension Island; international call prefix; 00>\n<Telephone numbers in Ascension Island; uses a different country code than; St. Helena (country code +290)>"
    },
    {
        "title": "Irancheh",
        "text": "Irancheh( also Romanized as \u012ar\u0101ncheh; also known as \u012ar\u0101n) is a village in Dastgerd Rural District( Chaharmahal and Bakhtiari Province), in the Central District of Farrokhshahr County, Chaharmahal and Bakhtiari Province, Iran. At the 2006 census, its population was 523, in 137 families. This village was founded in 1885 ad by \u201c Mullah Mohammad Ali irani \u201d who was the village chief of Dehno, with the construction of a castle in the plain that called iran.",
        "triples": "<Irancheh; also known as; \u012ar\u0101n>\n<Irancheh; romanized name; \u012ar\u0101ncheh>\n<Irancheh; type; village>\n<Irancheh; location; Dastgerd Rural District( Chaharmahal and Bakhtiari Province), in the Central District of Farrokhshahr County, Chaharmahal and Bakhtiari Province, Iran>\n<Irancheh; population at the 2006 census; 523>\n<Irancheh; number of families at the 2006 census; 137>\n<Irancheh; when the village was founded; 1885 AD>\n<Irancheh; founder of the village; Mullah Mohammad Ali irani>", 
    },
    {
        "title": "Ottawa High School and Junior High School",
        "text": "The Ottawa High School and Junior High School, located at 526 and 506 S. Main St. respectively, are the historic former high school and junior high school in Ottawa, Kansas. The high school was built in 1917, while the junior high school was built from 1927 to 1928; an enclosed hallway connecting the two buildings was built with the junior high school. The high school was the first school in Ottawa to be built solely as a high school and the eighth school built in Ottawa. George P. Washburn& Son designed the high school in the Collegiate Gothic style. When the junior high school was constructed ten years later, the firm, by then known as Washburn& Stookey, designed the building in the same style as the high school. In 1966, a new high school was built for the upper three classes of students; the freshman class moved to the building in 1976, and the old high school and junior high school became a middle school. The two buildings were connected by a multi-purpose room in the same year. The middle school later vacated the building. The school was added to the National Register of Historic Places on October 6, 2000.",
        "triples": "<Ottawa High School and Junior High School; location; 526 and 506 S. Main St., Ottawa, Kansas>\n<Ottawa High School and Junior High School; type; historic former high school and junior high school in Ottawa, Kansas>\n<Ottawa High School and Junior High School; when the high school was built; 1917>\n<Ottawa High School and Junior High School; when the junior high school was built; from 1927 to 1928>\n<Ottawa High School and Junior High School; distinction; the first school in Ottawa to be built solely as a high school and the eighth school built in Ottawa>\n<Ottawa High School and Junior High School; architect; George P. Washburn & Son>\n<Ottawa High School and Junior High School; architectural style; Collegiate Gothic>\n<Ottawa High School and Junior High School; events; In 1966, a new high school was built for the upper three classes of students; the freshman class moved to the building in 1976, and the old high school and junior high school became a middle school>\n<Ottawa High School and Junior High School; historical recognition of the building; added to the National Register of Historic Places on October 6, 2000>", 
    },
    {
        "title": "Ronald Charles Grant, 10th Baron de Longueuil",
        "text": "Ronald Charles Grant, 10th Baron de Longueuil was born on 13 March 1888 at Pau, France. He was the son of John Moore Charles de Bienville Grant. He married Ernestine Hester Maud Bowes- Lyon, daughter of the Hon. Ernest Bowes- Lyon and Isobel Hester Drummond, on 4 October 1918. He was educated at Elizabeth College, Guernsey. He was in the French Foreign Legion and was a civil engineer. He succeeded to the title of Baron de Longueuil on 17 October 1935. He fought in the Second World War as an officer in the service of the 3rd Battalion, King's Own Yorkshire Light Infantry.",
        "triples": "<Ronald Charles Grant, 10th Baron de Longueuil; date of birth; 13 March 1888>\n<Ronald Charles Grant, 10th Baron de Longueuil; place of birth; Pau, France>\n<Ronald Charles Grant, 10th Baron de Longueuil; father; John Moore Charles de Bienville Grant>\n<Ronald Charles Grant, 10th Baron de Longueuil; wift; Ernestine Hester Maud Bowes-Lyon>\n<Ronald Charles Grant, 10th Baron de Longueuil; father-in-law and mother-in-law; Hon. Ernest Bowes-Lyon and Isobel Hester Drummond>\n<Ronald Charles Grant, 10th Baron de Longueuil; marriage date; 4 October 1918>\n<Ronald Charles Grant, 10th Baron de Longueuil; education; Elizabeth College, Guernsey>\n<Ronald Charles Grant, 10th Baron de Longueuil; military service; French Foreign Legion>\n<Ronald Charles Grant, 10th Baron de Longueuil; occupation; civil engineer>\n<Ronald Charles Grant, 10th Baron de Longueuil; the title he succeeded to; Baron de Longueuil on 17 October 1935>\n<Ronald Charles Grant, 10th Baron de Longueuil; war service; fought in the Second World War as an officer in the service of the 3rd Battalion, King's Own Yorkshire Light Infantry>",
    },
    # 11 - 15 
    {
        "title": "Bert Grund",
        "text": "Bert Grund( 1920\u20131992) was a German composer of film scores.",
        "triples": "<Bert Grund; year of birth; 1920>\n<Bert Grund; year of death; 1992>\n<Bert Grund; nationality; German>\n<Bert Grund; occupation; composer of film scores>", 
    },
    {
        "title": "Bill Smith (footballer, born 1897)",
        "text": "William Thomas Smith( born 9 April 1897, date of death unknown) was an English professional footballer.",
        "triples": "<Bill Smith; full name; William Thomas Smith>\n<Bill Smith; date of birth; 9 April 1897>\n<Bill Smith; date of death; unknown>\n<Bill Smith; nationality; English>\n<Bill Smith; occupation; professional footballer>", 
    },
    {
        "title": "Etan Boritzer",
        "text": "Etan Boritzer( born 1950) is an American writer of children \u2019s literature who is best known for his book\" What is God?\" first published in 1989. His best selling\" What is?\" illustrated children's book series on character education and difficult subjects for children is a popular teaching guide for parents, teachers and child- life professionals. Boritzer gained national critical acclaim after\" What is God?\" was published in 1989 although the book has caused controversy from religious fundamentalists for its universalist views. The other current books in the\" What is?\" series include What is Love?, What is Death?, What is Beautiful?, What is Funny?, What is Right?, What is Peace?, What is Money?, What is Dreaming?, What is a Friend?, What is True?, What is a Family?, What is a Feeling?\" The series is now also translated into 15 languages. Boritzer was first published in 1963 at the age of 13 when he wrote an essay in his English class at Wade Junior High School in the Bronx, New York on the assassination of John F. Kennedy. His essay was included in a special anthology by New York City public school children compiled and published by the New York City Department of Education. Boritzer now lives in Venice, California and maintains his publishing office there also. He has helped numerous other authors to get published through\" How to Get Your Book Published!\" programs. Boritzer is also a yoga teacher who teaches regular classes locally and guest- teaches nationally. He is also recognized nationally as an erudite speaker on\" The Teachings of the Buddha.\"",
        "triples": "<Etan Boritzer; year of birth; 1950>\n<Etan Boritzer; nationality; American>\n<Etan Boritzer; occupation; writer of children \u2019s literature>\n<Etan Boritzer; the book he is best known for; \"What is God?\" first published in 1989>\n<Etan Boritzer; the subject of his best selling \"What is?\" illustrated children's book series; character education and difficult subjects for children>\n<Etan Boritzer; controversy about his \"What is?\" book series; caused controversy from religious fundamentalists for its universalist views>\n<Etan Boritzer; books in his \"What is\" series; What is Love?, What is Death?, What is Beautiful?, What is Funny?, What is Right?, What is Peace?, What is Money?, What is Dreaming?, What is a Friend?, What is True?, What is a Family?, What is a Feeling?>\n<Etan Boritzer; number of languages his \"What is?\" series translated into; 15 languages>\n<Etan Boritzer; first publication; first published in 1963 at the age of 13 with an essay on the assassination of John F. Kennedy>\n<Etan Boritzer; residence; Venice, California>\n<Etan Boritzer; business; maintains publishing office in Venice, California>\n<Etan Boritzer; additional occupation; yoga teacher>\n<Etan Boritzer; national recognition; an erudite speaker on\" The Teachings of the Buddha.\">", 
    },
    {
        "title": "Salem Al Ketbi",
        "text": "Salem Al Ketbi is an Emirati political analyst, researcher and opinion writer. Al Ketbi has a Ph.D. in Public Law and Political Science from the Hassan II University in Casablanca for his thesis entitled\" Political and religious propaganda and leadership through the social media in the Arab World Al- Diayah wa al- Qiyadah al- Siyasiah wa al- Diniyah Abra Shabakat al- Tawasul al- Ijtimai fi al- Mintaqah al- Arabiyah\").",
        "triples": "<Salem Al Ketbi; nationality; Emirati>\n<Salem Al Ketbi; occupation; political analyst, researcher, and opinion writer>\n<Salem Al Ketbi; academic degree; Ph.D. in Public Law and Political Science from the Hassan II University>\n<Salem Al Ketbi; thesis title; Political and religious propaganda and leadership through the social media in the Arab World>", 
    },
    {
        "title": "Dana Blankstein",
        "text": "Dana Blankstein- Cohen( born March 3, 1981) is the director of the Israeli Academy of Film and Television. She is a film director, and an Israeli culture entrepreneur.",
        "triples": "<Dana Blankstein; date of birth; March 3, 1981>\n<Dana Blankstein; professional position; director of the Israeli Academy of Film and Television>\n<Dana Blankstein; occupation; film director, and an Israeli culture entrepreneur>", 
    },
    # 16 - 20
    {
        "title": "Jos\u00e9 A. Ferreyra",
        "text": "Jos\u00e9 A( gust\u00edn) Ferreyra( 28 August 1889 \u2013 29 January 1943), popularly known as\" Negro Ferreyra\"( Black Ferreyra, due to his mulato ethnicity), was an early Argentine film director, screenwriter and film producer. He was also sometimes credited as production designer. Ferreyra was born in Vicente L\u00f3pez, Gran Buenos Aires. He began simultaneously directing and screenwriting for film in 1915, and moved on to success directing films such as\" Palomas rubias\" in 1920. His films tended to focus on lower- class family drama, most notably\" Perd\u00f3n, viejita\"( 1927), and were filmed on a low budget and with little to no script as a guide. Ferreyra prevailes through the 1920s and 1930s as a distinguished filmmaker of the masses, but was displaced in the late 1930s and early 1940s by big budget cinema. He directed over 40 films and wrote the scripts for the majority of them between 1915 and 1941, working with noted actors such as Libertad Lamarque and Mario Soffici on his screen debut, before moving on to directing. He died on 29 January 1943 from throat cancer.",
        "triples": "<Jos\u00e9 A. Ferreyra; date of birth; 28 August 1889>\n<Jos\u00e9 A. Ferreyra; date of death; 29 January 1943>\n<Jos\u00e9 A. Ferreyra; popularly known as; Negro Ferreyra>\n<Jos\u00e9 A. Ferreyra; origin of his nickname; mulato ethnicity>\n<Jos\u00e9 A. Ferreyra; occupation; film director, screenwriter, film producer, production designer>\n<Jos\u00e9 A. Ferreyra; place of birth; Vicente L\u00f3pez, Gran Buenos Aires>\n<Jos\u00e9 A. Ferreyra; career start; began simultaneously directing and screenwriting for film in 1915>\n<Jos\u00e9 A. Ferreyra; notable films; Palomas rubias and Perd\u00f3n, viejita>\n<Jos\u00e9 A. Ferreyra; film style; focus on lower- class family drama>\n<Jos\u00e9 A. Ferreyra; shift in his professional status; prevailes through the 1920s and 1930s as a distinguished filmmaker of the masses, but was displaced in the late 1930s and early 1940s by big budget cinema>\n<Jos\u00e9 A. Ferreyra; total films directed; directed over 40 films between 1915 and 1941>\n<Jos\u00e9 A. Ferreyra; noted actors he has worked with; Libertad Lamarque and Mario Soffici>\n<Jos\u00e9 A. Ferreyra; cause of death; throat cancer>", 
    },
    {
        "title": "Terence Robinson",
        "text": "Terence D. Robinson( date of birth and death unknown) was a male wrestler who competed for England.",
        "triples": "<Terence Robinson; full name; Terence D. Robinson>\n<Terence Robinson; occupation; wrestler>\n<Terence Robinson; nationality; English>\n<Terence Robinson; date of birth; unknown>\n<Terence Robinson; date of death; unknown>", 
    },
    {
        "title": "Michael Govan",
        "text": "Michael Govan( born 1963) is the director of the Los Angeles County Museum of Art since 2006. Prior to this, Govan worked as the director of the Dia Art Foundation in New York City.",
        "triples": "<Michael Govan; year of birth; 1963>\n<Michael Govan; occupation; director of the Los Angeles County Museum of Art since 2006>\n<Michael Govan; previous occupation; director of the Dia Art Foundation in New York City>", 
    },
    {
        "title": "O Valencia!",
        "text": "\" O Valencia!\" is the fifth single by the indie rock band The Decemberists, and the first released from their fourth studio album,\" The Crane Wife\". The music was written by The Decemberists and the lyrics by Colin Meloy. It tells a story of two star- crossed lovers. The singer falls in love with a person who belongs to an opposing gang. At the end of the song, the singer's lover jumps in to defend the singer, who is confronting his lover's brother( the singer's\" sworn enemy\") and is killed by the bullet intended for the singer.",
        "triples": "<O Valencia!; artist; the indie rock band The Decemberists>\n<O Valencia!; single number; fifth>\n<O Valencia!; album; The Crane Wife>\n<O Valencia!; release type; the fifth single and the first released from the fourth album of the band The Decemberists>\n<O Valencia!; music written by; The Decemberists>\n<O Valencia!; lyrics written by; Colin Meloy>\n<O Valencia!; narrative of the song; story of two star-crossed lovers>\n<O Valencia!; plot; The singer falls in love with a person who belongs to an opposing gang. At the end of the song, the singer's lover jumps in to defend the singer, who is confronting his lover's brother( the singer's\" sworn enemy\") and is killed by the bullet intended for the singer.>", 
    },
    {
        "title": "Lyapunovo",
        "text": "Lyapunovo is a rural locality( a selo) in Uglovsky District, Altai Krai, Russia. The population was 127 as of 2013. There are 2 streets.",
        "triples": "<Lyapunovo; type; rural locality( a selo)>\n<Lyapunovo; location; Uglovsky District, Altai Krai, Russia>\n<Lyapunovo; population as of 2013; 127>\n<Lyapunovo; number of streets; 2>", 
    },
    # 21 - 25 
    {
        "title": "Les Richards",
        "text": "Les Richards( date of birth unknown) was an Australian rules footballer who played with North Melbourne in the Victorian Football League( VFL).",
        "triples": "<Les Richards; date of birth; unknown>\n<Les Richards; nationality; Australian>\n<Les Richards; occupation; rules footballer>\n<Les Richards; the team he played for; North Melbourne>\n<Les Richards; the league in which he played; Victorian Football League (VFL)>", 
    },
    {
        "title": "Anne of Foix-Candale",
        "text": "Anna of Foix- Candale( 1484 \u2013 26 July 1506) was Queen of Hungary and Bohemia as the third wife of King Vladislaus II.",
        "triples": "<Anne of Foix-Candale; year of birth; 1484>\n<Anne of Foix-Candale; date of death; 26 July 1506>\n<Anne of Foix-Candale; royal status; Queen of Hungary and Bohemia>\n<Anne of Foix-Candale; spouse; King Vladislaus II>\n<Anne of Foix-Candale; marriage order; third wife>", 
    },
    {
        "title": "S. N. Mathur",
        "text": "S.N. Mathur was the Director of the Indian Intelligence Bureau between September 1975 and February 1980. He was also the Director General of Police in Punjab.",
        "triples": "<S. N. Mathur; position; Director of the Indian Intelligence Bureau>\n<S. N. Mathur; the periord he directed the Indian Intelligence Bureau; between September 1975 and February 1980>\n<S. N. Mathur; position; Director General of Police in Punjab>", 
    },
    {
        "title": "Giulio Base",
        "text": "Giulio Base is an Italian film director. Base was born in Turin, Italy in 1964. He achieved two Doctorates. The first in Literature and Philosophy and the second one in Theology. From 1996 he's a Mensa Member( the society of people whose IQ is in the top 2% of the population). He started as an actor studying in Florence at the School for Dramatic Art directed by the actor Vittorio Gassman. After many years working as an actor, he made his strong directorial debut with\" Crack\"( 1991), his first movie, that came from a theatre's piece that he already directed and played on stage. The movie was shown at the Venice Film Festival( Italy) and it won the prize for the best first opera at San Sebastian Film Festival( Spain) His second title\" The East\"( 1992), a road movie, was shown in Venice again and at the Festival of Festivals of Toronto( Canada) where it obtained the Audience Award. After that, he shot\" Policemen\"( 1996), his first work with a European major, an international co-production including French and Italian stars. This film won a prize as the best movie at the Festival of the Film Policiers in Arcachon( France). \" The West\"( 1998) was the sequel of\" The East\", a road movie about young boys driving from New York to Los Angeles. It was awarded the Special Jury Award at the R\u00e9ncontres du Cinema, in Annecy( France) His biggest success in Europe is\" La Bomba- Once Upon A Time In Little Italy\"( 1999), a comedy about mafia lifestyle, located in New York City; the film avails itself of famous artists such as the two times Academy Award Winner Shelley Winters. His debut as a director in a TV movie,( 2000), obtained the highest share of Italian television of all times. In 2005 he directed, the epical tale of Peter, the real story of the first apostle, played by the legendary Omar Sharif. This work opened him the doors to Hollywood. In 2006 he directed\" The Inquiry\"( produced by Avi Lerner, with Nu Image) that has released by 20th Fox in US( as\" The Final Inquiry\"), by Sony in Spain and by IIF in Italy among several other countries. The cast is amazing: Max Von Sydow, Academy Award Winner F. Murray Abraham, Ornella Muti, Dolph Lundgren and much more great actors. In 2007, he helmed, another national and international success. In 2009 he directed in New Mexico, a western:\" Doc West\", starring Terence Hill, Paul Sorvino and Clare Carey. The movie has been shown at the Cannes Film Market. In 2010 he shot the TV movie\" A Dog for Two\". In 2011 he directed the film\" The Sunday Woman\", a remake of 1970s film.",
        "triples": "<Giulio Base; nationality; Italian>\n<Giulio Base; occupation; film director>\n<Giulio Base; year of birth; 1964>\n<Giulio Base; place of birth; Turin, Italy>\n<Giulio Base; academic achievement; two Doctorates, one in Literature and Philosophy and the second one in Theology.>\n<Giulio Base; Mensa membership; since 1996>\n<Giulio Base; early career; started as an actor studying in Florence at the School for Dramatic Art directed by the actor Vittorio Gassman>\n<Giulio Base; directorial debut; Crack (1991)>\n<Giulio Base; film festival of his debut film; Venice Film Festival( Italy)>\n<Giulio Base; award of his debut film; best first opera at San Sebastian Film Festival>\n<Giulio Base; second film; The East (1992)>\n<Giulio Base; genre of his second film; road movie>\n<Giulio Base; film festival of his second film; Venice Film Festival and Toronto Festival of Festivals>\n<Giulio Base; award of his second film; Audience Award at Toronto Festival of Festivals>\n<Giulio Base; notable film; Policemen (1996)>\n<Giulio Base; award of his film Policemen (1996); best movie at Festival of the Film Policiers in Arcachon>\n<Giulio Base; the sequel of \" The East\"; The West (1998)>\n<Giulio Base; award of his film \" The West\"( 1998); Special Jury Award at the R\u00e9ncontres du Cinema, in Annecy( France)>\n<Giulio Base; biggest success in Europe; Once Upon A Time In Little Italy (1999)>\n<Giulio Base; genre of his film Once Upon A Time In Little Italy (1999); comedy>\n<Giulio Base; notable actors in his film Once Upon A Time In Little Italy (1999); Shelley Winters>\n<Giulio Base; notable works; directed \"the epical tale of Peter\" in 2005>\n<Giulio Base; notable actors in his film \"the epical tale of Peter\"; Omar Sharif>\n<Giulio Base; notables works; directed \" The Inquiry\"( produced by Avi Lerner, with Nu Image) in 2006>\n<Giulio Base; notable actors in his film \" The Inquiry\"; Max Von Sydow, F. Murray Abraham, Ornella Muti, Dolph Lundgren>\n<Giulio Base; notable works; directed \"Doc West\" in 2009>\n<Giulio Base; notable actors in his film \"Doc West\"; Terence Hill, Paul Sorvino and Clare Carey>\n<Giulio Base; where his film \"Doc West\" was shown; Cannes Film Market>\n<Giulio Base; notable TV movie; \" A Dog for Two\" in 2010>\n<Giulio Base; notable works; directed the film\" The Sunday Woman\", a remake of 1970s film>", 
    },
    {
        "title": "David Ji",
        "text": "David Longfen Ji is an American businessman who co-founded Apex Digital, an electronics manufacturer. In 2004, he was arrested in China following a dispute with Sichuan Changhong Electric, a supplier owned by the city of Mianyang and the province of Sichuan. Changhong accused him of defrauding them through bad checks. Ji was taken, according to an account by his lawyer, to the senior management and told, \"I decide whether you live or die.\" He has been held in China without charges. Ji's case highlighted an \"implicit racism\" in dealings with American businessmen. As a U.S. citizen he was not granted the same treatment by authorities as non-ethnically Chinese businessmen sharing the same nationality.",
        "triples": "<David Ji; full name; David Longfen Ji>\n<David Ji; nationality; American>\n<David Ji; occupation; businessman>\n<David Ji; the company he co-founded; Apex Digital>\n<David Ji; arrest event; was arrested in China following a dispute with Sichuan Changhong Electric>\n<David Ji; accusation; Changhong accused him of defrauding them through bad checks>\n<David Ji; held in; China without charges>\n<David Ji; issue highlighted by his arrest; an \"implicit racism\" in dealings with American businessmen>", 
    },
    # 26 - 30 
    {
        "title": "Olav Aaraas",
        "text": "Olav Aaraas( born 10 July 1950) is a Norwegian historian and museum director. He was born in Fredrikstad. From 1982 to 1993 he was the director of Sogn Folk Museum, from 1993 to 2010 he was the director of Maihaugen and from 2001 he has been the director of the Norwegian Museum of Cultural History. In 2010 he was decorated with the Royal Norwegian Order of St. Olav.",
        "triples": "<Olav Aaraas; date of birth; 10 July 1950>\n<Olav Aaraas; nationality; Norwegian>\n<Olav Aaraas; occupation; historian and museum director>\n<Olav Aaraas; place of birth; Fredrikstad>\n<Olav Aaraas; career; director of Sogn Folk Museum from 1982 to 1993>\n<Olav Aaraas; career; director of Maihaugen from 1993 to 2010>\n<Olav Aaraas; career; director of the Norwegian Museum of Cultural History from 2001>\n<Olav Aaraas; award; Royal Norwegian Order of St. Olav in 2010>", 
    },
    {
        "title": "Felix E. Feist",
        "text": "Felix Ellison Feist( February 28, 1910 \u2013 September 2, 1965) was an American film and television director and writer born in New York City.",
        "triples": "<Felix E. Feist; date of birth; February 28, 1910>\n<Felix E. Feist; date of death; September 2, 1965>\n<Felix E. Feist; nationality; American>\n<Felix E. Feist; occupation; film and television director and writer>\n<Felix E. Feist; place of birth; New York City>", 
    },
    {
        "title": "In Search of...",
        "text": "In Search Of ... may refer to:",
        "triples": "<In Search Of ...; may refer to; >", 
    },
    {
        "title": "Ben Palmer",
        "text": "Ben Palmer is a British film and television director who is known for being the director of\" Bo' Selecta\" and\" The Inbetweeners\".",
        "triples": "<Ben Palmer; nationality; British>\n<Ben Palmer; occupation; film and television director>\n<Ben Palmer; best known for; being the director of \" Bo' Selecta\" and\" The Inbetweeners\">", 
    },
    {
        "title": "Pamela Jain",
        "text": "Pamela Jain is an Indian playback singer. Date of Birth:16th March.",
        "triples": "<Pamela Jain; nationality; Indian>\n<Pamela Jain; occupation; playback singer>\n<Pamela Jain; date of birth; 16th March>", 
    },
    # 31 - 35 
    {
        "title": "Santiago Palacios",
        "text": "Santiago Fabio Palacios- Macedo George( born 21 April 1991) is a French- Mexican football( soccer) player who plays as an attacking midfielder for Uni\u00f3n Adarve. He formerly played for De Treffers, Roda JC Kerkrade, MVV Maastricht, Pumas UNAM and Atl\u00e9tico de San Luis.",
        "triples": "<Santiago Palacios; full name; Santiago Fabio Palacios- Macedo George>\n<Santiago Palacios; date of birth; 21 April 1991>\n<Santiago Palacios; nationality; French-Mexican>\n<Santiago Palacios; occupation; football (soccer) player>\n<Santiago Palacios; position; attacking midfielder>\n<Santiago Palacios; the team he currently plays for; Uni\u00f3n Adarve>\n<Santiago Palacios; teams he previously played for; De Treffers, Roda JC Kerkrade, MVV Maastricht, Pumas UNAM and Atl\u00e9tico de San Luis>", 
    },
    {
        "title": "Rajendra Singh Babu",
        "text": "S. V. Rajendra Singh is a Kannada film maker and producer. He was born and brought up in Mysore. His father, the late Shankar Singh was one of the great producers in Kannada Film Industry and has produced many films under the banner Mahatma Pictures (Mysore). Rajendra Singh Babu has made movies in various genres. He has written and directed love stories, War, suspense thrillers and comedy movies. Many of his films have been adapted from novels or short stories. He is not only famous in Karnataka, but also across all of India. Babu has won numerous awards for his films and has also directed movies in the Hindi and Telugu languages. His sister Vijayalakshmi Singh is the wife of actor Jai Jagadish.",
        "triples": "<Rajendra Singh Babu; occupation; Kannada film maker and producer>\n<Rajendra Singh Babu; place of birth; Mysore>\n<Rajendra Singh Babu; father; Shankar Singh>\n<Rajendra Singh Babu; occupation of his father; producer in Kannada Film Industry and produced many films under the banner Mahatma Pictures (Mysore)>\n<Rajendra Singh Babu; genres of movies he has made; love stories, war, suspense thrillers, comedy>\n<Rajendra Singh Babu; achievement; many of his films have been adapted from novels or short stories>\n<Rajendra Singh Babu; fame; not only famous in Karnataka, but also across all of India>\n<Rajendra Singh Babu; achievement; won numerous awards for his films>\n<Rajendra Singh Babu; languages of the movies he has directed; Hindi and Telugu languages>\n<Rajendra Singh Babu; sister; Vijayalakshmi Singh>\n<Rajendra Singh Babu; spouse of his sister; actor Jai Jagadish>", 
    },
    {
        "title": "Harry Wainwright (footballer)",
        "text": "Harry Wainwright( born 1899; date of death unknown) was an English footballer.",
        "triples": "<Harry Wainwright (footballer); year of birth; 1899>\n<Harry Wainwright (footballer); date of death; unknown>\n<Harry Wainwright (footballer); nationality; English>\n<Harry Wainwright (footballer); occupation; footballer>", 
    },
    {
        "title": "John Farrell (businessman)",
        "text": "John Farrell is the director of YouTube in Latin America.",
        "triples": "<John Farrell (businessman); occupation; director of YouTube in Latin America>", 
    },
    {
        "title": "Name the Man",
        "text": "Name the Man is a surviving 1924 American silent drama film directed by Victor Sj\u00f6str\u00f6m and starring Mae Busch. It was produced and distributed by Goldwyn Pictures in association with Cosmopolitan Productions.",
        "triples": "<Name the Man; type; American silent drama film>\n<Name the Man; release year; 1924>\n<Name the Man; director; Victor Sj\u00f6str\u00f6m>\n<Name the Man; starring; Mae Busch>\n<Name the Man; producer and distributor; Goldwyn Pictures in association with Cosmopolitan Productions>", 
    },
    # 36 - 40 
    {
        "title": "Bernie Bonvoisin",
        "text": "Bernard Bonvoisin, known as Bernie Bonvoisin( born 9 July 1956 in Nanterre, Hauts- de- Seine), is a French hard rock singer and film director. He is best known for having been the singer of Trust. He was one of the best friends of Bon Scott the singer of AC/ DC and together they recorded the song\" Ride On\" which was one of the last songs by Bon Scott.",
        "triples": "<Bernie Bonvoisin; known as; Bernie Bonvoisin>\n<Bernie Bonvoisin; date of birth; 9 July 1956>\n<Bernie Bonvoisin; place of birth; Nanterre, Hauts- de- Seine>\n<Bernie Bonvoisin; nationality; French>\n<Bernie Bonvoisin; occupation; hard rock singer and film director>\n<Bernie Bonvoisin; best known for; having been the singer of Trust>\n<Bernie Bonvoisin; was one of the best friends of; Bon Scott the singer of AC/ DC>\n<Bernie Bonvoisin; collaboration; recorded the song\" Ride On\" with Bon Scott>", 
    },
    {
        "title": "Jesse E. Hobson",
        "text": "Jesse Edward Hobson( May 2, 1911 \u2013 November 5, 1970) was the director of SRI International from 1947 to 1955. Prior to SRI, he was the director of the Armour Research Foundation.",
        "triples": "<Jesse E. Hobson; full name; Jesse Edward Hobson>\n<Jesse E. Hobson; date of birth; May 2, 1911>\n<Jesse E. Hobson; date of death; November 5, 1970>\n<Jesse E. Hobson; position; director of SRI International from 1947 to 1955>\n<Jesse E. Hobson; previous position; director of the Armour Research Foundation>", 
    },
    {
        "title": "Princess Dorothea of Saxe-Coburg and Gotha",
        "text": "Princess Dorothea Maria Henriette Auguste Louise of Saxe-Coburg and Gotha (30 April 1881 \u2013 21 January 1967) was a princess of Saxe-Coburg and Gotha  by birth and the duchess of Schleswig-Holstein  through her marriage to Ernst Gunther, duke of Schleswig-Holstein. Dorothea was born in Vienna, Austria, the second child and only daughter of Prince Philipp of Saxe-Coburg and Gotha and Princess Louise of Belgium.",
        "triples": "<Princess Dorothea of Saxe-Coburg and Gotha; full name; Princess Dorothea Maria Henriette Auguste Louise of Saxe-Coburg and Gotha>\n<Princess Dorothea of Saxe-Coburg and Gotha; date of birth; 30 April 1881>\n<Princess Dorothea of Saxe-Coburg and Gotha; date of death; 21 January 1967>\n<Princess Dorothea of Saxe-Coburg and Gotha; title by birth; princess of Saxe-Coburg and Gotha>\n<Princess Dorothea of Saxe-Coburg and Gotha; title by marriage; duchess of Schleswig-Holstein>\n<Princess Dorothea of Saxe-Coburg and Gotha; spouse; Ernst Gunther, duke of Schleswig-Holstein>\n<Princess Dorothea of Saxe-Coburg and Gotha; place of birth; Vienna, Austria>\n<Princess Dorothea of Saxe-Coburg and Gotha; father; Prince Philipp of Saxe-Coburg and Gotha>\n<Princess Dorothea of Saxe-Coburg and Gotha; mother; Princess Louise of Belgium>", 
    },
    {
        "title": "Satellite tournament",
        "text": "A satellite tournament is either a minor tournament or event on a competitive sporting tour or one of a group of such tournaments that form a series played in the same country or region.",
        "triples": "<Satellite tournament; definition; minor tournament or event on a competitive sporting tour>\n<Satellite tournament; definition; one of a group of such tournaments that form a series played in the same country or region>", 
    },
    {
        "title": "Henry Moore (cricketer)",
        "text": "Henry Walter Moore( 1849 \u2013 20 August 1916) was an English- born first- class cricketer who spent most of his life in New Zealand.",
        "triples": "<Henry Moore (cricketer); full name; Henry Walter Moore>\n<Henry Moore (cricketer); year of birth; 1849>\n<Henry Moore (cricketer); date of death; 20 August 1916>\n<Henry Moore (cricketer); nationality; English>\n<Henry Moore (cricketer); occupation; first-class cricketer>\n<Henry Moore (cricketer); place where he spent most of his life; New Zealand>", 
    },
    # 41 - 45 
    {
        "title": "Carlton W. Mauthe",
        "text": "Carlton William Mauthe( April 18, 1907 \u2013 October 28, 1959) was an American politician and businessman. Born in Fond du Lac, Wisconsin, Mauthe graduated from Fond du Lac High School. He then went to Babson Institute in Wellesley, Massachusetts. He worked in the typewriter and refrigerator businesses as an executive. Mauthe served in the Wisconsin State Assembly from 1929 to 1933 and was a Republican. Later, Mauthe was the first chairman of the Wisconsin Conservation Commission. Mautha died in a hospital in Fond du Lac, Wisconsin of injuries suffered from a two- car collision near Lomira, Wisconsin. At the time of his death, Mauthe was vice president of the Northern Casket Company.",
        "triples": "<Carlton W. Mauthe; full name; Carlton William Mauthe>\n<Carlton W. Mauthe; date of birth; April 18, 1907>\n<Carlton W. Mauthe; date of death; October 28, 1959>\n<Carlton W. Mauthe; nationality; American>\n<Carlton W. Mauthe; occupation; politician and businessman>\n<Carlton W. Mauthe; place of birth; Fond du Lac, Wisconsin>\n<Carlton W. Mauthe; high school education; Fond du Lac High School>\n<Carlton W. Mauthe; institution he attended after high school; Babson Institute in Wellesley, Massachusetts>\n<Carlton W. Mauthe; position; executive in typewriter and refrigerator businesses>\n<Carlton W. Mauthe; political position; served in the Wisconsin State Assembly from 1929 to 1933 and was a Republican>\n<Carlton W. Mauthe; position in the commission; first chairman of Wisconsin Conservation Commission>\n<Carlton W. Mauthe; cause of death; injuries suffered from a two-car collision near Lomira, Wisconsin>\n<Carlton W. Mauthe; place of death; a hospital in Fond du Lac, Wisconsin>\n<Carlton W. Mauthe; position at the time of his death; vice president of the Northern Casket Company>", 
    },
    {
        "title": "Matt Corboy",
        "text": "Matt Corboy( born June 4, 1973) is an American actor. He has appeared in both films and television series.",
        "triples": "<Matt Corboy; date of birth; June 4, 1973>\n<Matt Corboy; nationality; American>\n<Matt Corboy; occupation; actor>\n<Matt Corboy; the types of media in which he has appeared; films and television series>", 
    },
    {
        "title": "Wale Adebanwi",
        "text": "Wale Adebanwi( born 1969) is a Nigerian- born first Black Rhodes Professor at St Antony's College, Oxford.",
        "triples": "<Wale Adebanwi; year of birth; 1969>\n<Wale Adebanwi; nationality; Nigerian>\n<Wale Adebanwi; position; first Black Rhodes Professor at St Antony's College, Oxford>", 
    },
    {
        "title": "Richard Martini",
        "text": "Richard Martini( born 12 March 1955) is an American film director, producer, screenwriter and freelance journalist.",
        "triples": "<Richard Martini; date of birth; 12 March 1955>\n<Richard Martini; nationality; American>\n<Richard Martini; occupation; film director, producer, screenwriter and freelance journalist>", 
    },
    {
        "title": "Brian Kennedy (gallery director)",
        "text": "Brian Patrick Kennedy( born 5 November 1961) is an Irish- born art museum director who has worked in Ireland and Australia, and now lives and works in the United States. He is currently the director of the Peabody Essex Museum. He was the director of the Toledo Museum of Art in Ohio from 2010 to 2019. He was the director of the Hood Museum of Art from 2005 to 2010, and the National Gallery of Australia( Canberra) from 1997- 2004.",
        "triples": "<Brian Kennedy (gallery director); full name; Brian Patrick Kennedy>\n<Brian Kennedy (gallery director); date of birth; 5 November 1961>\n<Brian Kennedy (gallery director); nationality; Irish>\n<Brian Kennedy (gallery director); occupation; art museum director>\n<Brian Kennedy (gallery director); places where he has worked; Ireland and Australia>\n<Brian Kennedy (gallery director); places where he now lieves and works; United States>\n<Brian Kennedy (gallery director); current position; director of the Peabody Essex Museum>\n<Brian Kennedy (gallery director); previous position; director of the Toledo Museum of Art in Ohio from 2010 to 2019>\n<Brian Kennedy (gallery director); previous position; director of the Hood Museum of Art from 2005 to 2010>\n<Brian Kennedy (gallery director); previous position; director of the National Gallery of Australia( Canberra) from 1997-2004>", 
    },
    # 46 - 50 
    {
        "title": "Billy Milano",
        "text": "Billy Milano is a Bronx- born heavy metal musician now based in Austin, Texas. He is the singer and- occasionally- guitarist and bassist of crossover thrash band M.O.D., and he was also the singer of its predecessor, Stormtroopers of Death. He was also the singer of United Forces, which also featured his Stormtroopers of Death bandmate Dan Lilker.",
        "triples": "<Billy Milano; nationality; Bronx>\n<Billy Milano; occupation; heavy metal musician>\n<Billy Milano; place where he is currently based; Austin, Texas>\n<Billy Milano; his position in crossover thrash band M.O.D; singer and occasionally guitarist and bassist>\n<Billy Milano; position in the band Stormtroopers of Death; singer>\n<Billy Milano; position in the band United Forces; singer>\n<Billy Milano; bandmate in both Stormtroopers of Death and United Forces; Dan Lilker>", 
    },
    {
        "title": "Claude Mulot",
        "text": "Claude Mulot (1942\u20131986) was a French screenwriter and film director who mainly specialized in adult films but also made various attempts in other genres like horror films (\"The Blood Rose\"), comedies (\"Le jour se l\u00e8ve et les conneries commencent\") or thrillers (\"Le Couteau sous la gorge\"). He accidentally drowned at the early age of 44 while his screenplay \"On se calme et on boit frais \u00e0 Saint-Tropez\" was being shot by Max P\u00e9cas in Saint-Tropez in 1986.",
        "triples": "<Claude Mulot; year of birth; 1942>\n<Claude Mulot; year of death; 1986>\n<Claude Mulot; nationality; French>\n<Claude Mulot; occupation; screenwriter and film director>\n<Claude Mulot; the type of films he mainly specialized in; adult films>\n<Claude Mulot; other types of films he made; horror films, comedies, thrillers>\n<Claude Mulot; notable horror film; The Blood Rose>\n<Claude Mulot; notable commedy; Le jour se l\u00e8ve et les conneries commencent>\n<Claude Mulot; notable thriller; Le Couteau sous la gorge>\n<Claude Mulot; cause of death; accidental drowning>\n<Claude Mulot; age at death; 44>\n<Claude Mulot; screenplay being shot at death; On se calme et on boit frais \u00e0 Saint-Tropez>\n<Claude Mulot; director of the screenplay at the time of his death; Max P\u00e9cas>", 
    },
    {
        "title": "Brian Saunders (weightlifter)",
        "text": "Brian Saunders( date of birth and death unknown) was a male weightlifter who competed for England.",
        "triples": "<Brian Saunders (weightlifter); date of birth; unknown>\n<Brian Saunders (weightlifter); date of death; unknown>\n<Brian Saunders (weightlifter); occupation; male weightlifter>\n<Brian Saunders (weightlifter); nationality; England>", 
    },
    {
        "title": "Mr. Right (2009 film)",
        "text": "Mr. Right is a 2009 British film directed by David Morris and Jacqui Morris. The jointly- made gay- themed film is the debut for both directors.",
        "triples": "<Mr. Right (2009 film); release year; 2009>\n<Mr. Right (2009 film); country of origin; British>\n<Mr. Right (2009 film); director; David Morris and Jacqui Morris>\n<Mr. Right (2009 film); film's thematic focus; gay-themed>\n<Mr. Right (2009 film); debut film for directors; David Morris and Jacqui Morris>", 
    },
    {
        "title": "Tendid",
        "text": "Tendid is a 2010 film.",
        "triples": "<Tendid; release year; 2010>\n<Tendid; type; film>", 
    }
]

GENERATING_CHAIN_EXAMPLARS_2WIKIMULTIHOPQA = [
    [
        {
            "question": "Where was the husband of Mollena Williams-Haas born?", 
            "triples": [],
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Mollena Williams-Haas; nationality; American>",
                "C. <Mollena Williams-Haas; occupation; BDSM educator>", 
                "D. <Mollena Williams-Haas; spouse; Georg Friedrich Haas>",
                "E. <Mollena Williams-Haas; occupation; writer>", 
            ],
            "answer": "D", 
        },
        {
            "question": "Where was the husband of Mollena Williams-Haas born?", 
            "triples": [
                "<Mollena Williams-Haas; spouse; Georg Friedrich Haas>"
            ],
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Georg Friedrich Haas; place of birth; Graz, Austria>",
                "C. <Georg Friedrich Haas; nationality; Austrian>", 
                "D. <Georg Friedrich Haas; date of birth; 16 August 1953>",
                "E. <Georg Friedrich Haas; occupation; composer>", 
            ],
            "answer": "B", 
        },
        {
            "question": "Where was the husband of Mollena Williams-Haas born?", 
            "triples": [
                "<Mollena Williams-Haas; spouse; Georg Friedrich Haas>",
                "<Georg Friedrich Haas; place of birth; Graz, Austria>"
            ],
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Georg Friedrich Haas; nationality; Austrian>",
                "C. <Georg Friedrich Haas; date of birth; 16 August 1953>", 
                "D. <Georg Friedrich Haas; occupation; composer>",
                "E. <Mollena Williams-Haas; nationality; American>", 
            ],
            "answer": "A", 
        },
    ],
    [
        {
            "question": "Where did the director of film The Man Who Owed A Death die?", 
            "triples": [], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <The Man Who Owed a Death; director; Mario Soffici>", 
                "C. <The Man Who Owed a Death; year of release; 1955>",
                "D. <The Man Who Owed a Death; starring actors; Amelia Bence and Carlos Cores>",
                "E. <The Man Who Knew Too Little; director; Jon Amiel>"
            ],
            "answer": "B", 
        },
        {
            "question": "Where did the director of film The Man Who Owed A Death die?", 
            "triples": [
                "<The Man Who Owed a Death; director; Mario Soffici>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Mario Soffici; notable films; Prisioneros de la tierra, El Curandero, El hombre que debía una muerte, Rosaura a las 10>", 
                "C. <Mario Soffici; place of death; Buenos Aires>",
                "D. <Mario Soffici; occupation; film director, actor, screenwriter>",
                "E. <Mario Soffici; notable film; El Alma de Bandoneón>"
            ],
            "answer": "C", 
        },
        {
            "question": "Where did the director of film The Man Who Owed A Death die?", 
            "triples": [
                "<The Man Who Owed a Death; director; Mario Soffici>",
                "<Mario Soffici; place of death; Buenos Aires>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Mario Soffici; notable films; Prisioneros de la tierra, El Curandero, El hombre que debía una muerte, Rosaura a las 10>", 
                "C. <Mario Soffici; nationality; Argentine>",
                "D. <Mario Soffici; year of moving to Argentina; 1920s>",
                "E. <Mario Soffici; occupation; film director, actor, screenwriter>"
            ],
            "answer": "A", 
        },
    ],
    [
        {
            "question": "Which film has the director who was born earlier, Ciguli Miguli or Last Hurrah For Chivalry?", 
            "triples": [], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Ciguli Miguli; director; Branko Marjanovi\u0107>", 
                "C. <Ciguli Miguli; year of release; 1952>",
                "D. <Last Hurrah for Chivalry; precursor to; heroic bloodshed films>",
                "E. <Ciguli Miguli; country of origin; Yugoslavia>"
            ],
            "answer": "B", 
        },
        {
            "question": "Which film has the director who was born earlier, Ciguli Miguli or Last Hurrah For Chivalry?", 
            "triples": [
                "<Ciguli Miguli; director; Branko Marjanovi\u0107>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Ciguli Miguli; year of release; 1952>", 
                "C. <Ciguli Miguli; country of origin; Yugoslavia>",
                "D. <Last Hurrah for Chivalry; country of origin; Hong Kong>",
                "E. <Last Hurrah for Chivalry; occupation of John Woo; writer, producer, director>"
            ],
            "answer": "E", 
        },
        {
            "question": "Which film has the director who was born earlier, Ciguli Miguli or Last Hurrah For Chivalry?", 
            "triples": [
                "<Ciguli Miguli; director; Branko Marjanovi\u0107>",
                "<Last Hurrah for Chivalry; occupation of John Woo; writer, producer, director>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <John Woo; occupation; film director, producer, and screenwriter>", 
                "C. <John Woo; notable films; A Better Tomorrow, The Killer, Hard Boiled, Red Cliff>",
                "D. <John Woo; date of birth; 1 May 1946>",
                "E. <John Woo; founder and chairman; Lion Rock Productions>"
            ],
            "answer": "D", 
        },
        {
            "question": "Which film has the director who was born earlier, Ciguli Miguli or Last Hurrah For Chivalry?", 
            "triples": [
                "<Ciguli Miguli; director; Branko Marjanovi\u0107>",
                "<Last Hurrah for Chivalry; occupation of John Woo; writer, producer, director>",
                "<John Woo; date of birth; 1 May 1946>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <John Woo; occupation; film director, producer, and screenwriter>", 
                "C. <John Woo; notable films; A Better Tomorrow, The Killer, Hard Boiled, Red Cliff>",
                "D. <Ciguli Miguli; year of release; 1952>",
                "E. <Branko Marjanovi\u0107; date of birth; 12 May 1909>"
            ],
            "answer": "E", 
        },
    ],
    [
        {
            "question": "Did Yanic Gentry and Sverre Farstad share the same nationality?", 
            "triples": [], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Yanic Gentry; full name; Yanic Arno Gentry Torfer>", 
                "C. <Sverre Farstad; nationality; Norwegian>",
                "D. <Yanic Gentry; nationality; Mexican>",
                "E. <Yanic Gentry; date of birth; 20 February 1991>"
            ],
            "answer": "C", 
        },
        {
            "question": "Did Yanic Gentry and Sverre Farstad share the same nationality?", 
            "triples": [
                "<Sverre Farstad; nationality; Norwegian>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Yanic Gentry; full name; Yanic Arno Gentry Torfer>", 
                "C. <Sverre Farstad; occupation; speed skater>",
                "D. <Sverre Farstad; notable achievements; Olympic gold medal and European Championship>",
                "E. <Yanic Gentry; nationality; Mexican>"
            ],
            "answer": "E", 
        },
        {
            "question": "Did Yanic Gentry and Sverre Farstad share the same nationality?", 
            "triples": [
                "<Sverre Farstad; nationality; Norwegian>", 
                "<Yanic Gentry; nationality; Mexican>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Yanic Gentry; full name; Yanic Arno Gentry Torfer>", 
                "C. <Sverre Farstad; occupation; speed skater>",
                "D. <Sverre Farstad; notable achievements; Olympic gold medal and European Championship>",
                "E. <Sverre Farstad; date of birth; 8 February 1920>"
            ],
            "answer": "A", 
        },
    ],
    [
        {
            "question": "Are both villages, Kusejabad and Shaneh Tarash, located in the same country?", 
            "triples": [], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Shaneh Tarash; location; Shahidabad Rural District, Bandpey-ye Gharbi District, Babol County, Mazandaran Province, Iran>", 
                "C. <Shaneh Tarash Mahalleh; type; village>",
                "D. <Kusejabad; location; Khararud Rural District, in the Central District of Khodabandeh County, Zanjan Province, Iran>",
                "E. <Shaneh Tarash; type; village>"
            ],
            "answer": "B", 
        },
        {
            "question": "Are both villages, Kusejabad and Shaneh Tarash, located in the same country?", 
            "triples": [
                "<Shaneh Tarash; location; Shahidabad Rural District, Bandpey-ye Gharbi District, Babol County, Mazandaran Province, Iran>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Shaneh Tarash Mahalleh; location; Do Hezar Rural District, Khorramabad District, Tonekabon County, Mazandaran Province, Iran>", 
                "C. <Kusejabad; location; Khararud Rural District, in the Central District of Khodabandeh County, Zanjan Province, Iran>",
                "D. <Shaneh Tarash Mahalleh; type; village>",
                "E. <Shaneh Tarash Mahalleh; population at the 2006 census; 74>"
            ],
            "answer": "C", 
        },
        {
            "question": "Are both villages, Kusejabad and Shaneh Tarash, located in the same country?", 
            "triples": [
                "<Shaneh Tarash; location; Shahidabad Rural District, Bandpey-ye Gharbi District, Babol County, Mazandaran Province, Iran>",
                "<Kusejabad; location; Khararud Rural District, in the Central District of Khodabandeh County, Zanjan Province, Iran>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Shaneh Tarash Mahalleh; type; village>", 
                "C. <Shaneh Tarash; type; village>",
                "D. <Shaneh Tarash Mahalleh; population at the 2006 census; 74>",
                "E. <Kusejabad; population in 2006; 427>"
            ],
            "answer": "A", 
        },
    ],
    [
        {
            "question": "Where was the director of film 4.3.2.1. born?", 
            "triples": [], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Noel Clarke; occupation; director>", 
                "C. <Lizzie Borden (director); occupation; filmmaker>",
                "D. <4.3.2.1.; director; Noel Clarke and Mark Davis>",
                "E. <Lizzie Borden (director); nationality; American>"
            ],
            "answer": "D", 
        },
        {
            "question": "Where was the director of film 4.3.2.1. born?", 
            "triples": [
                "<4.3.2.1.; director; Noel Clarke and Mark Davis>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Noel Clarke; place of origin; London>", 
                "C. <Noel Clarke; year of birth; 1975>",
                "D. <Noel Clarke; occupation; director>",
                "E. <Noel Clarke; nationality; English>"
            ],
            "answer": "B", 
        },
        {
            "question": "Where was the director of film 4.3.2.1. born?", 
            "triples": [
                "<4.3.2.1.; director; Noel Clarke and Mark Davis>",
                "<Noel Clarke; place of origin; London>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Noel Clarke; occupation; director>", 
                "C. <Noel Clarke; year of birth; 1975>",
                "D. <Noel Clarke; role in \"Adulthood\"; director>",
                "E. <Noel Clarke; nationality; English>"
            ],
            "answer": "A", 
        },
    ],
    [
        {
            "question": "Where did the performer of song I Know Why (And So Do You) die?", 
            "triples": [], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <I Know Why (And So Do You); song by; Glenn Miller and His Orchestra>", 
                "C. <I Don't Know Why; artist; American singer-songwriter Stevie Wonder>",
                "D. <I Know Why (And So Do You); release year; 1941>",
                "E. <I Don't Know Why; release year; 1968>"
            ],
            "answer": "B", 
        },
        {
            "question": "Where did the performer of song I Know Why (And So Do You) die?", 
            "triples": [
                "<I Know Why (And So Do You); song by; Glenn Miller and His Orchestra>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Glenn Miller; death date; December 15, 1944>", 
                "C. <Glenn Miller; disappearance; while traveling to entertain U.S. troops in France during World War II>",
                "D. <Glenn Miller; nationality; American>",
                "E. <Glenn Miller; disappearance location; over the English Channel>"
            ],
            "answer": "E", 
        },
        {
            "question": "Where did the performer of song I Know Why (And So Do You) die?", 
            "triples": [
                "<I Know Why (And So Do You); song by; Glenn Miller and His Orchestra>",
                "<Glenn Miller; disappearance location; over the English Channel>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Glenn Miller; disappearance; while traveling to entertain U.S. troops in France during World War II>", 
                "C. <Glenn Miller; death date; December 15, 1944>",
                "D. <Glenn Miller; nationality; American>",
                "E. <Glenn Miller; band; one of the best-known big bands>"
            ],
            "answer": "A", 
        },
    ],
    [
        {
            "question": "Which country the director of film Why? (Film) is from?", 
            "triples": [], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Why?; director; Karel Smyczek>", 
                "C. <Why?; film festival; 1988 Cannes Film Festival>",
                "D. <Why?; type; drama film>",
                "E. <Karel Smyczek; notable film; Why?>"
            ],
            "answer": "B", 
        },
        {
            "question": "Which country the director of film Why? (Film) is from?", 
            "triples": [
                "<Why?; director; Karel Smyczek>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Karel Smyczek; notable film; Why?>", 
                "C. <Karel Smyczek; occupation; film director, actor and screenwriter>",
                "D. <Karel Smyczek; film festival; Cannes Film Festival>",
                "E. <Karel Smyczek; nationality; Czech>"
            ],
            "answer": "E", 
        },
        {
            "question": "Which country the director of film Why? (Film) is from?", 
            "triples": [
                "<Why?; director; Karel Smyczek>",
                "<Karel Smyczek; nationality; Czech>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Karel Smyczek; notable film; Why?>", 
                "C. <Karel Smyczek; occupation; film director, actor and screenwriter>",
                "D. <Karel Smyczek; film festival; Cannes Film Festival>",
                "E. <Karel Smyczek; section at the film festival; Un Certain Regard>"
            ],
            "answer": "A", 
        },
    ],
    [
        {
            "question": "Who is Eleonora, Princess Of Ligne's maternal grandfather?", 
            "triples": [], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Eleonora, Princess of Ligne; mother; Princess Maria Elisabeth of Bavaria>", 
                "C. <Eleonora, Princess of Ligne; head of the House of Ligne; since 2005>",
                "D. <Antoine, 13th Prince of Ligne; mother; Philippine de Noailles>",
                "E. <Eleonora, Princess of Ligne; spouse; Michel, 14th Prince of Ligne>"
            ],
            "answer": "B", 
        },
        {
            "question": "Who is Eleonora, Princess Of Ligne's maternal grandfather?", 
            "triples": [
                "<Eleonora, Princess of Ligne; mother; Princess Maria Elisabeth of Bavaria>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Princess Maria Elisabeth of Bavaria; grandparent; Ludwig III of Bavaria>", 
                "C. <Eleonora, Princess of Ligne; father; Prince Pedro Henrique of Orl\u00e9ans-Braganza>",
                "D. <Princess Maria Elisabeth of Bavaria; parent; Prince Franz of Bavaria>",
                "E. <Eleonora, Princess of Ligne; brother; Prince Luiz>"
            ],
            "answer": "D", 
        },
        {
            "question": "Who is Eleonora, Princess Of Ligne's maternal grandfather?", 
            "triples": [
                "<Eleonora, Princess of Ligne; mother; Princess Maria Elisabeth of Bavaria>",
                "<Princess Maria Elisabeth of Bavaria; parent; Prince Franz of Bavaria>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Princess Maria Elisabeth of Bavaria; grandparent; Ludwig III of Bavaria>", 
                "C. <Princess Maria Elisabeth of Bavaria; sibling order; eldest daughter>",
                "D. <Eleonora, Princess of Ligne; brother; Prince Luiz>",
                "E. <Antoine, 13th Prince of Ligne; mother; Philippine de Noailles>"
            ],
            "answer": "A", 
        },
    ],
    [
        {
            "question": "Where was the performer of song Where Do You Come From born?", 
            "triples": [], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Where Do You Come From; song; first recorded by Elvis Presley>", 
                "C. <Where Do You Come From; included on; the soundtrack album \"Girls! Girls! Girls!\">",
                "D. <Do You (Bro'Sis song); album; Never Forget( Where You Come From)>",
                "E. <Elvis Presley; place of birth; Tupelo, Mississippi>"
            ],
            "answer": "B", 
        },
        {
            "question": "Where was the performer of song Where Do You Come From born?", 
            "triples": [
                "<Where Do You Come From; song; first recorded by Elvis Presley>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Elvis Presley; place of birth; Tupelo, Mississippi>", 
                "C. <Elvis Presley; nationality; American>",
                "D. <Elvis Presley; date of birth; January 8, 1935>",
                "E. <Elvis Presley; first single; \"Heartbreak Hotel\">"
            ],
            "answer": "B", 
        },
        {
            "question": "Where was the performer of song Where Do You Come From born?", 
            "triples": [
                "<Where Do You Come From; song; first recorded by Elvis Presley>",
                "<Elvis Presley; place of birth; Tupelo, Mississippi>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Elvis Presley; place of relocation; Memphis, Tennessee>", 
                "C. <Elvis Presley; nationality; American>",
                "D. <Elvis Presley; date of birth; January 8, 1935>",
                "E. <Elvis Presley; first single; \"Heartbreak Hotel\">"
            ],
            "answer": "A", 
        },
    ],
    [
        {
            "question": "What is the date of death of Odo Of Wetterau's father?", 
            "triples": [], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Odo of Wetterau; date of death; 2 December 949>", 
                "C. <Odo of Wetterau; year of birth; c. 895>",
                "D. <Odo I, Count of Troyes; date of death; 10 June 871>",
                "E. <Herbert of Wetterau; father; Odo of Wetterau>"
            ],
            "answer": "E", 
        },
        {
            "question": "What is the date of death of Odo Of Wetterau's father?", 
            "triples": [
                "<Herbert of Wetterau; father; Odo of Wetterau>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Odo of Wetterau; date of death; 2 December 949>", 
                "C. <Herbert of Wetterau; year of death; 992>",
                "D. <Herbert of Wetterau; year of birth; c. 930>",
                "E. <Herbert of Wetterau; noble status; important nobleman in central Germany and leader of the Conradines>"
            ],
            "answer": "C", 
        },
        {
            "question": "What is the date of death of Odo Of Wetterau's father?", 
            "triples": [
                "<Herbert of Wetterau; father; Odo of Wetterau>",
                "<Herbert of Wetterau; year of death; 992>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Odo of Wetterau; date of death; 2 December 949>", 
                "C. <Herbert of Wetterau; year of birth; c. 930>",
                "D. <Odo of Wetterau; year of birth; c. 895>",
                "E. <Herbert of Wetterau; event; followed Emperor Otto II to Italy in 976>"
            ],
            "answer": "A", 
        },
    ],
    [
        {
            "question": "Are the directors of films Dark Side Romance and Stand Clear of the Closing Doors both from the same country?", 
            "triples": [], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Dark Side Romance; director; Prachya Pinkaew>", 
                "C. <Stand Clear of the Closing Doors; director; Sam Fleischner>",
                "D. <Stand Clear of the Closing Doors; type; drama film>",
                "E. <Stand Clear of the Closing Doors; film festival; 2013 Deauville American Film Festival>"
            ],
            "answer": "B", 
        },
        {
            "question": "Are the directors of films Dark Side Romance and Stand Clear of the Closing Doors both from the same country?", 
            "triples": [
                "<Dark Side Romance; director; Prachya Pinkaew>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Prachya Pinkaew; nationality; Thai>", 
                "C. <Prachya Pinkaew; occupation; film director, film producer, screenwriter>",
                "D. <Prachya Pinkaew; Tom-Yum-Goong; starring Tony Jaa>",
                "E. <Stand Clear of the Closing Doors; director; Sam Fleischner>"
            ],
            "answer": "E", 
        },
        {
            "question": "Are the directors of films Dark Side Romance and Stand Clear of the Closing Doors both from the same country?", 
            "triples": [
                "<Dark Side Romance; director; Prachya Pinkaew>",
                "<Stand Clear of the Closing Doors; director; Sam Fleischner>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Prachya Pinkaew; occupation; film director, film producer, screenwriter>", 
                "C. <Prachya Pinkaew; nationality; Thai>",
                "D. <Prachya Pinkaew; film; Tom-Yum-Goong>",
                "E. <Prachya Pinkaew; starring Tony Jaa; martial arts film>"
            ],
            "answer": "C", 
        },
        {
            "question": "Are the directors of films Dark Side Romance and Stand Clear of the Closing Doors both from the same country?", 
            "triples": [
                "<Dark Side Romance; director; Prachya Pinkaew>",
                "<Stand Clear of the Closing Doors; director; Sam Fleischner>",
                "<Prachya Pinkaew; nationality; Thai>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Prachya Pinkaew; occupation; film director, film producer, screenwriter>", 
                "C. <Prachya Pinkaew; date of birth; September 2, 1962>",
                "D. <Sam Fleischner; occupation; filmmaker>",
                "E. <Sam Fleischner; nationality; American>"
            ],
            "answer": "E", 
        },
    ],
    [
        {
            "question": "Are both villages, Bizdan and Bodella, located in the same country?", 
            "triples": [], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Bizdan; population at the 2006 census; 206>", 
                "C. <Bodella; location; mid Cornwall, England, United Kingdom>",
                "D. <Bizdan; number of families at the 2006 census; 47>",
                "E. <Bodella; surrounding area; china clay quarries>"
            ],
            "answer": "C", 
        },
        {
            "question": "Are both villages, Bizdan and Bodella, located in the same country?", 
            "triples": [
                "<Bodella; location; mid Cornwall, England, United Kingdom>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Bodella; surrounding area; china clay quarries>", 
                "C. <Bodella; proximity to; St Dennis>",
                "D. <Bizdan; type; village>",
                "E. <Bizdan; location; Nasrovan Rural District, in the Central District of Darab County, Fars Province, Iran>"
            ],
            "answer": "E", 
        },
        {
            "question": "Are both villages, Bizdan and Bodella, located in the same country?", 
            "triples": [
                "<Bodella; location; mid Cornwall, England, United Kingdom>",
                "<Bizdan; location; Nasrovan Rural District, in the Central District of Darab County, Fars Province, Iran>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Bodella; surrounding area; china clay quarries>", 
                "C. <Bodella; proximity to; St Dennis>",
                "D. <Bodella; proximity distance to St Dennis; half-a-mile>",
                "E. <Bizdan; type; village>"
            ],
            "answer": "A", 
        },
    ],
    [
        {
            "question": "Who is the spouse of the director of film Where Does It Hurt?", 
            "triples": [], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Where Does It Hurt?; director; Rod Amateau>", 
                "C. <Where Does It Hurt?; type; American comedy film>",
                "D. <Where Does It Hurt?; starring; Peter Sellers, Jo Ann Pflug, Rick Lenz, Pat Morita, Harold Gould>",
                "E. <Where Does It Hurt?; writer; Rod Amateau>"
            ],
            "answer": "B", 
        },
        {
            "question": "Who is the spouse of the director of film Where Does It Hurt?", 
            "triples": [
                "<Where Does It Hurt?; director; Rod Amateau>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Where Does It Hurt?; writer; Rod Amateau>", 
                "C. <Rod Amateau; spouse's daughter; Coleen Gray (from 1955)>",
                "D. <Rod Amateau; spouse; Coleen Gray (1945-1949)>",
                "E. <Rod Amateau; spouse; Sandra Burns (1959-1962)>"
            ],
            "answer": "D", 
        },
        {
            "question": "Who is the spouse of the director of film Where Does It Hurt?", 
            "triples": [
                "<Where Does It Hurt?; director; Rod Amateau>",
                "<Rod Amateau; spouse; Coleen Gray (1945-1949)>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Rod Amateau; spouse's daughter; Coleen Gray (from 1955)>", 
                "C. <Rod Amateau; sued for child support; Coleen Gray (in 1955)>",
                "D. <Where Does It Hurt?; writer; Rod Amateau>",
                "E. <Where Does It Hurt?; type; American comedy film>"
            ],
            "answer": "A", 
        },
    ],
    [
        {
            "question": "Do the movies We Make Movies and Orchids To You, originate from the same country?", 
            "triples": [], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <We Make Movies; country of origin; American>", 
                "C. <Orchids to You; type; American drama film>",
                "D. <Orchids to You; director; William A. Seiter>",
                "E. <We Make Movies; release year; 2016>"
            ],
            "answer": "B", 
        },
        {
            "question": "Do the movies We Make Movies and Orchids To You, originate from the same country?", 
            "triples": [
                "<We Make Movies; country of origin; American>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Orchids to You; type; American drama film>", 
                "C. <Orchids to You; director; William A. Seiter>",
                "D. <We Make Movies; release year; 2016>",
                "E. <We Make Movies; type; mockumentary comedy independent film>"
            ],
            "answer": "B", 
        },
        {
            "question": "Do the movies We Make Movies and Orchids To You, originate from the same country?", 
            "triples": [
                "<We Make Movies; country of origin; American>",
                "<Orchids to You; type; American drama film>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Orchids to You; director; William A. Seiter>", 
                "C. <Orchids to You; plot; a flower shop owner and a married attorney who begin a romance after meeting in court>",
                "D. <We Make Movies; type; mockumentary comedy independent film>",
                "E. <Orchids to You; release year; 1935>"
            ],
            "answer": "A", 
        },
    ],
    [
        {
            "question": "Who was born earlier, Siobhan Chamberlain or Aloyzas Stasiulevi\u010dius?", 
            "triples": [], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Siobhan Chamberlain; date of birth; 15 August 1983>", 
                "C. <Siobhan Chamberlain; full name; Siobhan Rebecca Chamberlain>",
                "D. <Aloyzas Stasiulevi\u010dius; date of birth; June 2, 1931>",
                "E. <Siobhan Chamberlain; position; goalkeeper>"
            ],
            "answer": "B", 
        },
        {
            "question": "Who was born earlier, Siobhan Chamberlain or Aloyzas Stasiulevi\u010dius?", 
            "triples": [
                "<Siobhan Chamberlain; date of birth; 15 August 1983>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Aloyzas Stasiulevi\u010dius; date of birth; June 2, 1931>", 
                "C. <Aloyzas Stasiulevi\u010dius; place of birth; Ariogala>",
                "D. <Siobhan Chamberlain; full name; Siobhan Rebecca Chamberlain>",
                "E. <Siobhan Chamberlain; position; goalkeeper>"
            ],
            "answer": "B", 
        },
        {
            "question": "Who was born earlier, Siobhan Chamberlain or Aloyzas Stasiulevi\u010dius?", 
            "triples": [
                "<Siobhan Chamberlain; date of birth; 15 August 1983>",
                "<Aloyzas Stasiulevi\u010dius; date of birth; June 2, 1931>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Aloyzas Stasiulevi\u010dius; place of birth; Ariogala>", 
                "C. <Aloyzas Stasiulevi\u010dius; nationality; Lithuanian>",
                "D. <Siobhan Chamberlain; international tournaments; FIFA Women's World Cups, UEFA Women's Championships>",
                "E. <Siobhan Chamberlain; position; goalkeeper>"
            ],
            "answer": "A", 
        },
    ],
    [
        {
            "question": "When is the director of film What? (Film) 's birthday?", 
            "triples": [], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <What? (film); director; Roman Polanski>", 
                "C. <What? (film); writer; Roman Polanski>",
                "D. <What? (film); release year; 1972>",
                "E. <What? (film); starring; Marcello Mastroianni>"
            ],
            "answer": "B", 
        },
        {
            "question": "When is the director of film What? (Film) 's birthday?", 
            "triples": [
                "<What? (film); director; Roman Polanski>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Roman Polanski; year of birth; 1933>", 
                "C. <Roman Polanski; occupation; film director, producer, writer, and actor>",
                "D. <Roman Polanski; original name; Raymond Thierry Liebling>",
                "E. <Roman Polanski; first feature-length film; Knife in the Water (1962)>"
            ],
            "answer": "B", 
        },
        {
            "question": "When is the director of film What? (Film) 's birthday?", 
            "triples": [
                "<What? (film); director; Roman Polanski>",
                "<Roman Polanski; year of birth; 1933>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <What? (film); writer; Roman Polanski>", 
                "C. <Roman Polanski; occupation; film director, producer, writer, and actor>",
                "D. <Roman Polanski; first feature-length film; Knife in the Water (1962)>",
                "E. <Roman Polanski; original name; Raymond Thierry Liebling>"
            ],
            "answer": "A", 
        },
    ],
    [
        {
            "question": "What is the place of birth of the composer of film Sagaptham?", 
            "triples": [], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Sagaptham; soundtrack composer; Karthik Raja>", 
                "C. <Karthik Raja; genre of music; film music>",
                "D. <Karthik Raja; occupation; composer>",
                "E. <Karthik Raja; nationality; Indian>"
            ],
            "answer": "B", 
        },
        {
            "question": "What is the place of birth of the composer of film Sagaptham?", 
            "triples": [
                "<Sagaptham; soundtrack composer; Karthik Raja>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Karthik Raja; genre of music; film music>", 
                "C. <Karthik Raja; place of residence; Chennai, India>",
                "D. <Karthik Raja; occupation; composer>",
                "E. <Karthik Raja; nationality; Indian>"
            ],
            "answer": "C", 
        },
        {
            "question": "What is the place of birth of the composer of film Sagaptham?", 
            "triples": [
                "<Sagaptham; soundtrack composer; Karthik Raja>",
                "<Karthik Raja; place of residence; Chennai, India>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Karthik Raja; genre of music; film music>", 
                "C. <Karthik Raja; occupation; composer>",
                "D. <Sagaptham; cinematography; S. K. Bhupathi>",
                "E. <Sagaptham; story and dialogues writers; Naveen Krishna and Velumani>"
            ],
            "answer": "A", 
        },
    ],
    [
        {
            "question": "Are both Shenendehowa High School and Opeongo High School located in the same country?", 
            "triples": [], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Opeongo High School; location; Renfrew County, Ontario, Canada>", 
                "C. <Shenendehowa High School; type; public high school>",
                "D. <Shenendehowa High School; location; Clifton Park, New York, United States>",
                "E. <Shenendehowa High School; part of; Shenendehowa Central School District>"
            ],
            "answer": "B", 
        },
        {
            "question": "Are both Shenendehowa High School and Opeongo High School located in the same country?", 
            "triples": [
                "<Opeongo High School; location; Renfrew County, Ontario, Canada>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Shenendehowa High School; type; public high school>", 
                "C. <Shenendehowa High School; location; Clifton Park, New York, United States>",
                "D. <Shenendehowa High School; part of; Shenendehowa Central School District>",
                "E. <Opeongo High School; student population; between 400 and 500 students>"
            ],
            "answer": "C", 
        },
        {
            "question": "Are both Shenendehowa High School and Opeongo High School located in the same country?", 
            "triples": [
                "<Opeongo High School; location; Renfrew County, Ontario, Canada>",
                "<Shenendehowa High School; location; Clifton Park, New York, United States>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Shenendehowa High School; type; public high school>", 
                "C. <Shenendehowa High School; part of; Shenendehowa Central School District>",
                "D. <Shenendehowa High School; building location; on the district's main campus off of NY 146>",
                "E. <Opeongo High School; student population; between 400 and 500 students>"
            ],
            "answer": "A", 
        },
    ],
    [
        {
            "question": "Which film came out earlier, Sachein or Bettie Page Reveals All?", 
            "triples": [], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Sachein; release year; 2005>", 
                "C. <Sachein; starring; Bipasha Basu>",
                "D. <Bettie Page Reveals All; director; Mark Mori>",
                "E. <The Notorious Bettie Page; release year; 2005>"
            ],
            "answer": "B", 
        },
        {
            "question": "Which film came out earlier, Sachein or Bettie Page Reveals All?", 
            "triples": [
                "<Sachein; release year; 2005>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Sachein; starring; Bipasha Basu>", 
                "C. <Sachein; starring; Vijay and Genelia D'Souza>",
                "D. <Bettie Page Reveals All; commentator; Rebecca Romijn>",
                "E. <Bettie Page Reveals All; director; Mark Mori>"
            ],
            "answer": "D", 
        },
        {
            "question": "Which film came out earlier, Sachein or Bettie Page Reveals All?", 
            "triples": [
                "<Sachein; release year; 2005>",
                "<Bettie Page Reveals All; commentator; Rebecca Romijn>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Sachein; starring; Bipasha Basu>", 
                "C. <Bettie Page Reveals All; director; Mark Mori>",
                "D. <Bettie Page Reveals All; commentator; Hugh Hefner>",
                "E. <Bettie Page Reveals All; commentator; Naomi Campbell>"
            ],
            "answer": "C", 
        },
        {
            "question": "Which film came out earlier, Sachein or Bettie Page Reveals All?", 
            "triples": [
                "<Sachein; release year; 2005>",
                "<Bettie Page Reveals All; commentator; Rebecca Romijn>",
                "<Bettie Page Reveals All; director; Mark Mori>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Bettie Page Reveals All; commentator; Rebecca Romijn>", 
                "C. <Bettie Page Reveals All; commentator; Mamie Van Doren>",
                "D. <Bettie Page Reveals All; commentator; Bunny Yeager>",
                "E. <Bettie Page Reveals All; subject; life history and cultural influence of Bettie Page>"
            ],
            "answer": "B", 
        },
    ],
]


FINAL_CHAIN_EXAMPLARS_2WIKIMULTIHOPQA = [
    {
        "question": "Where was the husband of Mollena Williams-Haas born?",
        "chains": "<Mollena Williams-Haas; spouse; Georg Friedrich Haas>, <Georg Friedrich Haas; place of birth; Graz, Austria>", 
    },
    {
        "question": "Where did the director of film The Man Who Owed A Death die?", 
        "chains": "<The Man Who Owed a Death; director; Mario Soffici>, <Mario Soffici; place of death; Buenos Aires>", 
    },
    {
        "question": "Which film has the director who was born earlier, Ciguli Miguli or Last Hurrah For Chivalry?", 
        "chains": "<Ciguli Miguli; director; Branko Marjanovi\u0107>, <Last Hurrah for Chivalry; occupation of John Woo; writer, producer, director>, <John Woo; date of birth; 1 May 1946>, <Branko Marjanovi\u0107; date of birth; 12 May 1909>", 
    },
    {
        "question": "Did Yanic Gentry and Sverre Farstad share the same nationality?", 
        "chains": "<Sverre Farstad; nationality; Norwegian>, <Yanic Gentry; nationality; Mexican>", 
    },
    {
        "question": "Are both villages, Kusejabad and Shaneh Tarash, located in the same country?", 
        "chains": "<Shaneh Tarash; location; Shahidabad Rural District, Bandpey-ye Gharbi District, Babol County, Mazandaran Province, Iran>, <Kusejabad; location; Khararud Rural District, in the Central District of Khodabandeh County, Zanjan Province, Iran>", 
    },
    {
        "question": "Where was the director of film 4.3.2.1. born?", 
        "chains": "<4.3.2.1.; director; Noel Clarke and Mark Davis>, <Noel Clarke; place of origin; London>", 
    },
    {
        "question": "Where did the performer of song I Know Why (And So Do You) die?", 
        "chains": "<I Know Why (And So Do You); song by; Glenn Miller and His Orchestra>, <Glenn Miller; disappearance location; over the English Channel>", 
    },
    {
        "question": "Which country the director of film Why? (Film) is from?", 
        "chains": "<Why?; director; Karel Smyczek>, <Karel Smyczek; nationality; Czech>", 
    },
    {
        "question": "Who is Eleonora, Princess Of Ligne's maternal grandfather?", 
        "chains": "<Eleonora, Princess of Ligne; mother; Princess Maria Elisabeth of Bavaria>, <Princess Maria Elisabeth of Bavaria; parent; Prince Franz of Bavaria>", 
    },
    {
        "question": "Where was the performer of song Where Do You Come From born?", 
        "chains": "<Where Do You Come From; song; first recorded by Elvis Presley>, <Elvis Presley; place of birth; Tupelo, Mississippi>", 
    },
    {
        "question": "What is the date of death of Odo Of Wetterau's father?", 
        "chains": "<Herbert of Wetterau; father; Odo of Wetterau>, <Herbert of Wetterau; year of death; 992>", 
    },
    {
        "question": "Are the directors of films Dark Side Romance and Stand Clear of the Closing Doors both from the same country?", 
        "chains": "<Dark Side Romance; director; Prachya Pinkaew>, <Stand Clear of the Closing Doors; director; Sam Fleischner>, <Prachya Pinkaew; nationality; Thai>, <Sam Fleischner; nationality; American>", 
    },
    {
        "question": "Are both villages, Bizdan and Bodella, located in the same country?", 
        "chains": "<Bodella; location; mid Cornwall, England, United Kingdom>, <Bizdan; location; Nasrovan Rural District, in the Central District of Darab County, Fars Province, Iran>", 
    },
    {
        "question": "Who is the spouse of the director of film Where Does It Hurt?", 
        "chains": "<Where Does It Hurt?; director; Rod Amateau>, <Rod Amateau; spouse; Coleen Gray (1945-1949)>", 
    },
    {
        "question": "Do the movies We Make Movies and Orchids To You, originate from the same country?", 
        "chains": "<We Make Movies; country of origin; American>, <Orchids to You; type; American drama film>", 
    },
    {
        "question": "Who was born earlier, Siobhan Chamberlain or Aloyzas Stasiulevi\u010dius?", 
        "chains": "<Siobhan Chamberlain; date of birth; 15 August 1983>, <Aloyzas Stasiulevi\u010dius; date of birth; June 2, 1931>", 
    },
    {
        "question": "When is the director of film What? (Film) 's birthday?", 
        "chains": "<What? (film); director; Roman Polanski>, <Roman Polanski; year of birth; 1933>", 
    },
    {
        "question": "What is the place of birth of the composer of film Sagaptham?", 
        "chains": "<Sagaptham; soundtrack composer; Karthik Raja>, <Karthik Raja; place of residence; Chennai, India>", 
    },
    {
        "question": "Are both Shenendehowa High School and Opeongo High School located in the same country?", 
        "chains": "<Opeongo High School; location; Renfrew County, Ontario, Canada>, <Shenendehowa High School; location; Clifton Park, New York, United States>", 
    },
    {
        "question": "Which film came out earlier, Sachein or Bettie Page Reveals All?", 
        "chains": "<Sachein; release year; 2005>; <Bettie Page Reveals All; commentator; Rebecca Romijn>, <Bettie Page Reveals All; director; Mark Mori>, <Bettie Page Reveals All; commentator; Rebecca Romijn>", 
    }
]


TRIPLE_EXAMPLARS_MUSIQUE = [
    # 1 - 5 
    {
        "title": "Show Me (Jessica Sutta song)",
        "text": "\"Show Me\" is a song by American recording artist Jessica Sutta. The song was written by Alex Geringas, Paddy Dalton and songwriter Busbee, which lyrically talks about how actions talk louder than words. Musically, the song is a club-inspired song. \"Show Me\" premiered on Idolator on August 3, 2011, and was released on August 23, 2011 via Hollywood Records.",
        "triples": "<Show Me (Jessica Sutta song); recording artist; Jessica Sutta>\n<Show Me (Jessica Sutta song); writter; by Alex Geringas, Paddy Dalton and songwriter Busbee>\n<Show Me (Jessica Sutta song); lyrical theme; how actions talk louder than words>\n<Show Me (Jessica Sutta song); musical style; a club-inspired song>\n<Show Me (Jessica Sutta song); premiere date; August 3, 2011>\n<Show Me (Jessica Sutta song); premiere platform; Idolator>\n<Show Me (Jessica Sutta song); release date; August 23, 2011>\n<Show Me (Jessica Sutta song); record label; Hollywood Records>", 
    },
    {
        "title": "A Desert Wooing",
        "text": "A Desert Wooing is a 1918 American drama silent film directed by Jerome Storm and written by J.G. Hawks. The film stars Enid Bennett, Jack Holt, Donald MacDonald, J. P. Lockney and Charles Spere. The film was released on June 23, 1918, by Paramount Pictures. The film has been preserved and was released on DVD format in 2012.",
        "triples": "<A Desert Wooing; release year of the film; 1918>\n<A Desert Wooing; country of origin of the film; American>\n<A Desert Wooing; type of the film; drama silent film>\n<A Desert Wooing; director; Jerome Storm>\n<A Desert Wooing; writer; J.G. Hawks>\n<A Desert Wooing; stars; Enid Bennett, Jack Holt, Donald MacDonald, J. P. Lockney and Charles Spere>\n<A Desert Wooing; release date of the film; June 23, 1918>\n<A Desert Wooing; distributor; Paramount Pictures>\n<A Desert Wooing; status; has been preserved and was released on DVD format in 2012>", 
    },
    {
        "title": "Constitution of the United States",
        "text": "United States Constitution Page one of the original copy of the Constitution Created September 17, 1787 Ratified June 21, 1788 Date effective March 4, 1789; 228 years ago (1789 - 03 - 04) Location National Archives, Washington, D.C. Author (s) Philadelphia Convention Signatories 39 of the 55 delegates Purpose To replace the Articles of Confederation (1777)",
        "triples": "<Constitution of the United States; original copy location; National Archives, Washington, D.C.>\n<Constitution of the United States; creation date; September 17, 1787>\n<Constitution of the United States; ratification date; June 21, 1788>\n<Constitution of the United States; effective date; March 4, 1789>\n<Constitution of the United States; authors; Philadelphia Convention>\n<Constitution of the United States; the number of delegates who signed it; 39 of the 55 delegates>\n<Constitution of the United States; purpose; to replace the Articles of Confederation (1777)>", 
    },
    {
        "title": "Mauricio Mulder",
        "text": "Claude Maurice Mulder Bedoya, known as Mauricio Mulder (born 8 June 1956, in Lima), is a Peruvian politician, lawyer and former journalist. He has served in Congress since 2001. He was reelected for a fourth term in Congress, representing Lima for the APRA-PPC alliance.",
        "triples": "<Mauricio Mulder; full name; Claude Maurice Mulder Bedoya>\n<Mauricio Mulder; date of birth; 8 June 1956>\n<Mauricio Mulder; place of birth; Lima>\n<Mauricio Mulder; nationality; Peruvian>\n<Mauricio Mulder; occupation; politician, lawer and former journalist>\n<Mauricio Mulder; political status; served in Congress since 2001>\n<Mauricio Mulder; congressional term; fourth>\n<Mauricio Mulder; congressional representation; Lima>\n<Mauricio Mulder; political alliance; APRA-PPC>", 
    },
    {
        "title": "Africa",
        "text": "Africa is the world's second - largest and second-most - populous continent (the first being Asia). At about 30.3 million km (11.7 million square miles) including adjacent islands, it covers 6% of Earth's total surface area and 20.4% of its total land area. With 1.2 billion people as of 2016, it accounts for about 16% of the world's human population. The continent is surrounded by the Mediterranean Sea to the north, both the Suez Canal and the Red Sea along the Sinai Peninsula to the northeast, the Indian Ocean to the southeast and the Atlantic Ocean to the west. The continent includes Madagascar and various archipelagos. It contains 54 fully recognised sovereign states (countries), nine territories and two de facto independent states with limited or no recognition.",
        "triples": "<Africa; ranking by size; second-largest continent>\n<Africa; ranking by population; second-most-populous continent>\n<Africa; area; 30.3 million km (11.7 million square miles)>\n<Africa; percentage of Earth's total surface area; 6%>\n<Africa; percentage of Earth's total land area; 20.4%>\n<Africa; population as of 2016; 1.2 billion>\n<Africa; percentage of world's human population; 16%>\n<Africa; northern boundary; Mediterranean Sea>\n<Africa; northeastern boundaries; Suez Canal and Red Sea along the Sinai Peninsula>\n<Africa; southeastern boundary; Indian Ocean>\n<Africa; western boundary; Atlantic Ocean>\n<Africa; islands included; Madagascar and various archipelagos>\n<Africa; number of sovereign states (countries); 54>\n<Africa; number of territories; nine>\n<Africa; number of de facto independent states with limited or no recognition; two>", 
    },
    # 6 - 10 
    {
        "title": "Khabarovsky District",
        "text": "Khabarovsky District () is an administrative and municipal district (raion), one of the seventeen in Khabarovsk Krai, Russia. It consists of two unconnected segments separated by the territory of Amursky District, which are located in the southwest of the krai. The area of the district is . Its administrative center is the city of Khabarovsk (which is not administratively a part of the district). Population:",
        "triples": "<Khabarovsky District; type; administrative and municipal district (raion)>\n<Khabarovsky District; number of districts in Khabarovsk Krai; one of the seventeen>\n<Khabarovsky District; country where the district is located; Russia>\n<Khabarovsky District; geographical features; consists of two unconnected segments separated by the territory of Amursky District>\n<Khabarovsky District; administrative center; city of Khabarovsk>\n<Khabarovsky District; administrative center status; not administratively a part of the district>", 
    },
    {
        "title": "Territory of Papua",
        "text": "In 1949, the Territory and the Territory of New Guinea were established in an administrative union by the name of the Territory of Papua and New Guinea. That administrative union was renamed as Papua New Guinea in 1971. Notwithstanding that it was part of an administrative union, the Territory of Papua at all times retained a distinct legal status and identity; it was a Possession of the Crown whereas the Territory of New Guinea was initially a League of Nations mandate territory and subsequently a United Nations trust territory. This important legal and political distinction remained until the advent of the Independent State of Papua New Guinea in 1975.",
        "triples": "<Territory of Papua; established administrative union with; Territory of New Guinea>\n<Territory of Papua; name of administrative union established in 1949; Territory of Papua and New Guinea>\n<Territory of Papua; new name of the administrative union in 1971; Papua New Guinea>\n<Territory of Papua; legal status; Possession of the Crown>\n<Territory of Papua; the year until which the Territory of Papua retained its distinct legal status; 1975>\n<Territory of Papua; became part of; Independent State of Papua New Guinea>", 
    },
    {
        "title": "Land Titles Building (Arcola)",
        "text": "The Land Titles Building is located at 301 Main Street in Arcola, Saskatchewan, Canada. The architectural firm of Storey and Van Egmond designed the building. The building is a designated Heritage Property. The building housed land title records until the 1960s; due to the importance of these records the building was designed to be fire-proof and therefore the walls, floor, ceiling and doors were all made of metal, brick or stone.",
        "triples": "<Land Titles Building (Arcola); location; 301 Main Street in Arcola, Saskatchewan, Canada>\n<Land Titles Building (Arcola); architectural firm; Storey and Van Egmond>\n<Land Titles Building (Arcola); heritage status; designated Heritage Property>\n<Land Titles Building (Arcola); function until the 1960s; housed land title records>\n<Land Titles Building (Arcola); design feature; fire-proof>\n<Land Titles Building (Arcola); materials used for the walls, floor, ceiling and doors; metal, brick or stone>", 
    },
    {
        "title": "United Nations Security Council Resolution 835",
        "text": "United Nations Security Council resolution 835, adopted unanimously on 2 June 1993, after recalling resolutions 668 (1990), 745 (1992), 810 (1993), 826 (1993) and other relevant resolutions, the Council expressed appreciation for the United Nations Transitional Authority in Cambodia (UNTAC) in the aftermath of recent elections in Cambodia.",
        "triples": "<United Nations Security Council Resolution 835; adoption date; 2 June 1993>\n<United Nations Security Council Resolution 835; adoption method; unanimously>\n<United Nations Security Council Resolution 835; recalled resolutions; 668 (1990), 745 (1992), 810 (1993), 826 (1993) and other relevant resolutions>\n<United Nations Security Council Resolution 835; appreciation expressed for; United Nations Transitional Authority in Cambodia (UNTAC)>\n<United Nations Security Council Resolution 835; situation in which appreciation was expressed; aftermath of recent elections in Cambodia>", 
    },
    {
        "title": "EMC EA/EB",
        "text": "The EMC EA/EB was an early passenger train-hauling diesel locomotive built in May 16, 1937 \u2013 1938 by Electro-Motive Corporation of La Grange, Illinois for the Baltimore and Ohio Railroad. They were the first model in a long line of passenger diesels of similar design known as EMD E-units. Each locomotive unit developed from two Winton 201-A diesel engines, driving the wheels through an electric transmission\u2014the generator driven by each engine provided current for traction motors. The locomotives were of A1A-A1A wheel arrangement\u2014two three-axle trucks of which only the outer two axles were powered. Six two-unit locomotives were produced, each consisting of a lead cab-equipped EA A unit and a cabless booster EB B unit. They were numbered 51 through 56; the A units bore the bare number and the B units the number followed by 'X'.",
        "triples": "<EMC EA/EB; type; early passenger train-hauling diesel locomotive>\n<EMC EA/EB; period when the locomotive was built; May 16, 1937 \u2013 1938>\n<EMC EA/EB; manufacturer; Electro-Motive Corporation of La Grange, Illinois>\n<EMC EA/EB; built for; Baltimore and Ohio Railroad>\n<EMC EA/EB; first model in series; EMD E-units>\n<EMC EA/EB; developed from engines; two Winton 201-A diesel engines>\n<EMC EA/EB; wheel arrangement; A1A-A1A>\n<EMC EA/EB; number of locomotives produced; six two-unit locomotives>\n<EMC EA/EB; composition of each locomotive unit; lead cab-equipped EA A unit and cabless booster EB B unit>\n<EMC EA/EB; unit numbering; 51 through 56>\n<EMC EA/EB; unit numbering; A units bore the bare number and the B units the number followed by 'X'>", 
    },
    # 11 - 15 
    {
        "title": "HR 2096",
        "text": "HR 2096, also known as HD 40325 is a double star in the constellation Auriga. It is composed of two ageing orange giants of spectral types K0III and K2III. It is not a member of any known moving group of stars.",
        "triples": "<HR 2096; also known as; HD 40325>\n<HR 2096; type; a double star in the constellation Auriga>\n<HR 2096; components; two ageing orange giants of spectral types K0III and K2III>\n<HR 2096; membership; not a member of any known moving group of stars>", 
    },
    {
        "title": "Binodanand Jha",
        "text": "Binodanand Jha (17 April 1900 - 1971), also known as Pandit Binodanand Jha, was an Indian politician originally from the district of Deoghar, Bihar (Baidyanathdham Deoghar) now in Jharkhand. He was educated at the Central Calcutta College, (now Maulana Azad College) under the University of Calcutta. He was the Chief Minister of Bihar from February 1961 to October 1963. He was elected to the 5th Lok Sabha, lower house of the Parliament of India from the Darbhanga constituency of Bihar in 1971. He was a member of the Constituent Assembly of India in 1948 from Bihar.",
        "triples": "<Binodanand Jha; date of birth; 17 April 1900>\n<Binodanand Jha; year of death; 1971>\n<Binodanand Jha; also known as; Pandit Binodanand Jha>\n<Binodanand Jha; nationality; Indian>\n<Binodanand Jha; occupation; politician>\n<Binodanand Jha; place of origin; district of Deoghar, Bihar>\n<Binodanand Jha; current place of origin; Jharkhand>\n<Binodanand Jha; education; Central Calcutta College under the University of Calcutta>\n<Binodanand Jha; position; Chief Minister of Bihar from February 1961 to October 1963>\n<Binodanand Jha; political activity; elected to the 5th Lok Sabha, lower house of the Parliament of India from the Darbhanga constituency of Bihar in 1971>\n<Binodanand Jha; membership; member of the Constituent Assembly of India in 1948 from Bihar>", 
    },
    {
        "title": "A Jackson in Your House",
        "text": "A Jackson in Your House is a 1969 album by the Art Ensemble of Chicago recorded for the French BYG Actuel label. It features performances by Lester Bowie, Joseph Jarman, Roscoe Mitchell and Malachi Favors Maghostut. When issued on CD by Affinity in 1989, the track \"The Waltz\" was replaced by a six-minute live excerpt (of unknown provenance) entitled \"Hey Friend\" which has never reappeared on any subsequent reissue.",
        "triples": "<A Jackson in Your House; type; a 1969 album>\n<A Jackson in Your House; artist; Art Ensemble of Chicago>\n<A Jackson in Your House; record label; French BYG Actuel label>\n<A Jackson in Your House; artists who performed on the album; Lester Bowie, Joseph Jarman, Roscoe Mitchell and Malachi Favors Maghostut>\n<A Jackson in Your House; the label that issued the CD version in 1989; Affinity>\n<A Jackson in Your House; track replacement on reissue; the track \"The Waltz\" was replaced by a six-minute live excerpt (of unknown provenance) entitled \"Hey Friend\">", 
    },
    {
        "title": "Hugh Aiken Bayne",
        "text": "Hugh Aiken Bayne (15 February 1870 in New Orleans \u2013 24 December 1954 in New Haven, Connecticut) was the son of Thomas Levingston Bayne, a lawyer who fought in the Civil War. His grandfather John Gayle was a Congressman and Governor of Alabama.",
        "triples": "<Hugh Aiken Bayne; date of birth; 15 February 1870>\n<Hugh Aiken Bayne; place of birth; New Orleans>\n<Hugh Aiken Bayne; date of death; 24 December 1954>\n<Hugh Aiken Bayne; place of death; New Haven, Connecticut>\n<Hugh Aiken Bayne; father; Thomas Levingston Bayne>\n<Hugh Aiken Bayne; father's position; a lawyer who fought in the Civil War>\n<Hugh Aiken Bayne; grandfather; John Gayle>\n<Hugh Aiken Bayne; position of his grandfather; Congressman and Governor of Alabama>", 
    },
    {
        "title": "Your Love Is a Song",
        "text": "\"Your Love Is a Song\" was written and recorded by the alternative rock band Switchfoot. It was first released as a single to the iTunes Store in Australia, and became the third radio single from the band's seventh studio album, \"Hello Hurricane\".",
        "triples": "<Your Love Is a Song; writer; alternative rock band Switchfoot>\n<Your Love Is a Song; performer; alternative rock band Switchfoot>\n<Your Love Is a Song; initial release platform; iTunes Store in Australia>\n<Your Love Is a Song; status; became the third radio single from the band's seventh studio album, \"Hello Hurricane\">", 
    },
    # 16 - 20 
    {
        "title": "World War II",
        "text": "World War II (left to right, starting from top row) US transports unload onto the Normandy coast during Operation Overlord Reichstag building in the aftermath of the Battle of Berlin Supermarine Spitfire formation in 1940 German troops raise the Swastika over the Acropolis of Athens Japanese battleship Yamato being attacked by US aircraft during Operation Ten - Go Soviet soldiers in a forward position during Operation Bagration Wilhelm Keitel signing the German Instrument of Surrender Troops of the United States Army fire on Japanese positions during the Bougainville Campaign in March 1944 Waffen - SS soldier during the Battle of the Bulge Soviet troops during the Battle of Stalingrad Sinking of the British merchant ship ``Beacon Grange ''by German submarine U-552 Panzer IVs advance on the Eastern Front in 1943 Date 1 September 1939 -- 2 September 1945 (1939 - 09 - 01 -- 1945 - 09 - 02) (6 years and 1 day) Location Europe, Pacific, Atlantic, South - East Asia, China, Middle East, Mediterranean, North Africa, Horn of Africa, Australia, briefly North and South America Result Allied victory Collapse of Nazi Germany Fall of Japanese and Italian Empires Dissolution of the League of Nations Creation of the United Nations Emergence of the United States and the Soviet Union as rival superpowers Beginning of the Cold War (more...) Participants Allied Powers Axis Powers Commanders and leaders Main Allied leaders Joseph Stalin Franklin D. Roosevelt Winston Churchill Chiang Kai - shek Main Axis leaders Adolf Hitler Hirohito Benito Mussolini Casualties and losses Military dead: Over 16,000,000 Civilian dead: Over 45,000,000 Total dead: Over 61,000,000 (1937 -- 45)... further details Military dead: Over 8,000,000 Civilian dead: Over 4,000,000 Total dead: Over 12,000,000 (1937 -- 45)... further details",
        "triples": "<World War II; events; US transports unload onto the Normandy coast during Operation Overlord Reichstag building in the aftermath of the Battle of Berlin Supermarine Spitfire formation in 1940>\n<World War II; events; German troops raise the Swastika over the Acropolis of Athens>\n<World War II; events; Japanese battleship Yamato being attacked by US aircraft during Operation Ten>\n<World War II; events; Go Soviet soldiers in a forward position during Operation Bagration Wilhelm Keitel signing the German Instrument of Surrender>\n<World War II; events; Troops of the United States Army fire on Japanese positions during the Bougainville Campaign in March 1944 Waffen>\n<World War II; events; during the Battle of the Bulge Soviet troops during the Battle of Stalingrad Sinking of the British merchant ship ``Beacon Grange ''by German submarine U-552 Panzer IVs>\n<World War II; period; 1 September 1939 to 2 September 1945>\n<World War II; duration; 6 years and 1 day>\n<World War II; regions where the war took place; Europe, Pacific, Atlantic, South - East Asia, China, Middle East, Mediterranean, North Africa, Horn of Africa, Australia, briefly North and South America>\n<World War II; result; Allied victory Collapse of Nazi Germany, fall of Japanese and Italian Empires, dissolution of the League of Nations, creation of the United Nations, emergence of the United States and the Soviet Union as rival superpowers, beginning of the Cold War>\n<World War II; participants; Allied Powers, Axis Powers>\n<World War II; main Allied leaders; Joseph Stalin, Franklin D. Roosevelt, Winston Churchill, Chiang Kai-shek>\n<World War II; main Axis leaders; Adolf Hitler, Hirohito, Benito Mussolini>\n<World War II; military dead; over 16,000,000>\n<World War II; civilian dead; over 45,000,000>\n<World War II; total dead; over 61,000,000>\n<World War II; military dead (1937-1945); over 8,000,000>\n<World War II; civilian dead (1937-1945); over 4,000,000>\n<World War II; total dead (1937-1945); over 12,000,000>", 
    },
    {
        "title": "Bogot\u00e1",
        "text": "Bogot\u00e1 (/ \u02c8bo\u028a\u0261\u0259t\u0251\u02d0 /, / \u02ccb\u0252\u0261\u0259\u02c8t\u0251\u02d0 /, / \u02ccbo\u028a - /; Spanish pronunciation: (bo\u0263o\u02c8ta) (listen)), officially Bogot\u00e1, Distrito Capital, abbreviated Bogot\u00e1, D.C., and formerly known as Santaf\u00e9 de Bogot\u00e1 between 1991 and 2000, is the capital and largest city of Colombia, administered as the Capital District, although often thought of as part of Cundinamarca. Bogot\u00e1 is a territorial entity of the first order, with the same administrative status as the departments of Colombia. It is the political, economic, administrative, industrial, artistic, cultural, and sports center of the country.",
        "triples": "<Bogot\u00e1; official name; Bogot\u00e1, Distrito Capital>\n<Bogot\u00e1; abbreviation; Bogot\u00e1, D.C.>\n<Bogot\u00e1; former name; Santaf\u00e9 de Bogot\u00e1 between 1991 and 2000>\n<Bogot\u00e1; status; capital and largest city of Colombia>\n<Bogot\u00e1; administrative division; Capital District>\n<Bogot\u00e1; association; part of Cundinamarca>\n<Bogot\u00e1; administrative status; territorial entity of the first order>\n<Bogot\u00e1; same administrative status as; departments of Colombia>\n<Bogot\u00e1; city's functions; political, economic, administrative, industrial, artistic, cultural, and sports center>", 
    },
    {
        "title": "Monastery of the Virgins",
        "text": "The Monastery of the Virgins is a structure uncovered during Benjamin Mazar's excavations south of Jerusalem's Temple Mount. The large number of Christian religious finds from the site have prompted its identification with a monastery described by a pilgrim, Theodosius the archdeacon, in his \"De Situ Terrae Sanctae\", a work of the early 6th century. The building was constructed in the 4th century on the remains of an earlier Herodian building identified with the Second Temple courthouse, and was destroyed during the Persian sack of Jerusalem in 614.",
        "triples": "<Monastery of the Virgins; location; south of Jerusalem's Temple Mount>\n<Monastery of the Virgins; uncovered during; Benjamin Mazar's excavations>\n<Monastery of the Virgins; the reason for identifying the structure with a monastery; large number of Christian religious finds>\n<Monastery of the Virgins; described by; Theodosius the archdeacon>\n<Monastery of the Virgins; the work where the monastery is described; De Situ Terrae Sanctae>\n<Monastery of the Virgins; the time period of the description; early 6th century>\n<Monastery of the Virgins; construction date; 4th century>\n<Monastery of the Virgins; built on remains of; earlier Herodian building>\n<Monastery of the Virgins; earlier building identified with; Second Temple courthouse>\n<Monastery of the Virgins; destruction event; Persian sack of Jerusalem>\n<Monastery of the Virgins; destruction year; 614>", 
    },
    {
        "title": "Vilnius County",
        "text": "Vilnius County () is the largest of the 10 counties of Lithuania, located in the east of the country around the city Vilnius. On 1 July 2010, the county administration was abolished, and since that date, Vilnius County remains as the territorial and statistical unit.",
        "triples": "<Vilnius County; size; largest of the 10 counties of Lithuania>\n<Vilnius County; location; in the east of the country around the city Vilnius>\n<Vilnius County; the date when the county administration was abolished; 1 July 2010>\n<Vilnius County; current status; territorial and statistical unit>", 
    },
    {
        "title": "Foar",
        "text": "Foar is a town in the northeastern Bari region of Somalia, on the coast of the Guardafui Channel. It is a center for the local lobster market.",
        "triples": "<Foar; type; town>\n<Foar; location; in the northeastern Bari region of Somalia, on the coast of the Guardafui Channel>\n<Foar; economic activity; center for the local lobster market>", 
    },
    # 21 - 25 
    {
        "title": "American Idol",
        "text": "American Idol employs a panel of judges who critique the contestants' performances. The original judges were record producer and music manager Randy Jackson, pop singer and choreographer Paula Abdul and music executive and manager Simon Cowell. The judging panel for the most recent season consisted of country singer Keith Urban, singer and actress Jennifer Lopez, and jazz singer Harry Connick, Jr. The show was originally hosted by radio personality Ryan Seacrest and comedian Brian Dunkleman, with Seacrest continuing on for the rest of the seasons.",
        "triples": "<American Idol; content; employs a panel of judges who critique the contestants' performances>\n<American Idol; original judges; record producer and music manager Randy Jackson, pop singer and choreographer Paula Abdul and music executive and manager Simon Cowell>\n<American Idol; judges for the most recent season; country singer Keith Urban, singer and actress Jennifer Lopez, and jazz singer Harry Connick, Jr.>\n<American Idol; original host; radio personality Ryan Seacrest and comedian Brian Dunkleman>\n<American Idol; host who continued for the rest of the seasons; Ryan Seacrest>", 
    },
    {
        "title": "Portugal",
        "text": "The Portuguese language is derived from the Latin spoken by the romanized Pre-Roman peoples of the Iberian Peninsula around 2000 years ago\u2014particularly the Celts, Tartessians, Lusitanians and Iberians. In the 15th and 16th centuries, the language spread worldwide as Portugal established a colonial and commercial empire between 1415 and 1999. Portuguese is now spoken as a native language in five different continents, with Brazil accounting for the largest number of native Portuguese speakers of any country (200 million speakers in 2012).",
        "triples": "<Portugal; language derived from; Latin spoken by the romanized Pre-Roman peoples of the Iberian Peninsula>\n<Portugal; groups whose language influenced Portuguese; Celts, Tartessians, Lusitanians and Iberians>\n<Portugal; time during which Portuguese spread worldwide; 15th and 16th centuries>\n<Portugal; reason for the spread of the Portuguese language; Portugal established a colonial and commercial empire between 1415 and 1999>\n<Portugal; global presence of the Portuguese language; five different continents>\n<Portugal; largest number of native Portuguese speakers; Brazil>\n<Portugal; number of Portuguese speakers in Brazil (2012); 200 million>", 
    },
    {
        "title": "Paea",
        "text": "Paea is a commune in the suburbs of Papeete in French Polynesia, an overseas territory of France in the southern Pacific Ocean. Paea is located on the island of Tahiti, in the administrative subdivision of the Windward Islands, themselves part of the Society Islands. At the 2017 census it had a population of 13,021.",
        "triples": "<Paea; type; commune>\n<Paea; location; suburbs of Papeete in French Polynesia, an overseas territory of France in the southern Pacific Ocean>\n<Paea; island where Paea is located; Tahiti>\n<Paea; administrative subdivision; Windward Islands>\n<Paea; larger group of islands that includes the Windward Islands; Society Islands>\n<Paea; population count from the 2017 census; 13,021>", 
    },
    {
        "title": "WKCM",
        "text": "WKCM (1160 AM) is an American radio station licensed to serve the community of Hawesville, Kentucky. The station is owned and operated by Hancock Communications, Inc., doing business as the Cromwell Radio Group, and the station's broadcast license is held by Hancock Communications, Inc.",
        "triples": "<WKCM; radio frequency; 1160 AM>\n<WKCM; type; American radio station>\n<WKCM; function; licensed to serve the community of Hawesville, Kentucky>\n<WKCM; owner and operator; Hancock Communications, Inc.>\n<WKCM; broadcast license holder; Hancock Communications, Inc.>", 
    },
    {
        "title": "List of countries by GDP (nominal)",
        "text": "The United States is the world's largest economy with a GDP of approximately $19.39 trillion, notably due to high average incomes, a large population, capital investment, moderate unemployment, high consumer spending, a relatively young population, and technological innovation. Tuvalu is the world's smallest national economy, with a GDP of about $32 million, because of its very small population, a lack of natural resources, reliance on foreign aid, negligible capital investment, demographic problems, and low average incomes.",
        "triples": "<List of countries by GDP (nominal); the world's largest economy; United States>\n<List of countries by GDP (nominal); GDP of United States; approximately $19.39 trillion>\n<List of countries by GDP (nominal); reasons for high GDP of United States; high average incomes, a large population, capital investment, moderate unemployment, high consumer spending, a relatively young population, and technological innovation>\n<List of countries by GDP (nominal); smallest national economy; Tuvalu>\n<List of countries by GDP (nominal); GDP of Tuvalu; about $32 million>\n<List of countries by GDP (nominal); reasons for low GDP of Tuvalu; very small population, a lack of natural resources, reliance on foreign aid, negligible capital investment, demographic problems, and low average incomes>", 
    },
    # 26 - 30 
    {
        "title": "Lord of the Nutcracker Men",
        "text": "Lord of the Nutcracker Men is a novel by Canadian author Iain Lawrence that takes place in England during the first year of World War I. The book was first published in October 2001 by the Delacorte Press, and it was later reprinted in May 2003 by Dell-Laurel Leaf, an imprint of a division of Random House, Inc. The book has become a bestseller, and is included in the required reading lists of many American high schools.",
        "triples": "<Lord of the Nutcracker Men; type; novel>\n<Lord of the Nutcracker Men; writer; Iain Lawrence>\n<Lord of the Nutcracker Men; place and time of the story; England during the first year of World War I>\n<Lord of the Nutcracker Men; first publication date; October 2001>\n<Lord of the Nutcracker Men; first publisher; Delacorte Press>\n<Lord of the Nutcracker Men; reprint date; May 2003>\n<Lord of the Nutcracker Men; reprint publisher; Dell-Laurel Leaf>\n<Lord of the Nutcracker Men; division of the reprint publisher; Random House, Inc.>\n<Lord of the Nutcracker Men; status; become a bestseller, and is included in the required reading lists of many American high schools>", 
    },
    {
        "title": "Falls High School",
        "text": "Falls High School is a public high school located in International Falls, Minnesota. The school's class ring design is the oldest class ring tradition in the United States, dating back to 1929. As of 2014 approximately 600 students attend classes in the school. Every grade level ranges from 70-100 students. In the Fall of 2014 the school changed policies and changed over from a 6 period day to a 7 period day. The students have 5 minutes between each class to maneuver to the next one.",
        "triples": "<Falls High School; type; public high school>\n<Falls High School; location; International Falls, Minnesota>\n<Falls High School; school's notable class ring design; oldest in the United States, dating back to 1929>\n<Falls High School; number of students attending the school as of 2014; approximately 600>\n<Falls High School; number of students per grade level; 70-100>\n<Falls High School; schedule change; the school changed policies and changed over from a 6 period day to a 7 period day>\n<Falls High School; schedule change date; Fall of 2014>\n<Falls High School; time between classes; 5 minutes>", 
    },
    {
        "title": "2000\u201301 WPHL season",
        "text": "The 2000-01 Western Professional Hockey League season was the fifth and final season of the Western Professional Hockey League, a North American minor pro league. 14 teams participated in the regular season, and the Bossier-Shreveport Mudbugs were the league champions.",
        "triples": "<2000\u201301 WPHL season; full name; 2000-01 Western Professional Hockey League season>\n<2000\u201301 WPHL season; league name; Western Professional Hockey League>\n<2000\u201301 WPHL season; season number; fifth and final season>\n<2000\u201301 WPHL season; location; North America>\n<2000\u201301 WPHL season; professional level of the league; minor pro league>\n<2000\u201301 WPHL season; number of teams participated in the season; 14>\n<2000\u201301 WPHL season; league champions; Bossier-Shreveport Mudbugs>", 
    },
    {
        "title": "Ines Cassettari",
        "text": "Ines Cassettari (died 1943) was an Italian emigrant to America whose autobiography became famous. She was born in 1866 or 1867 in Lombardy, Italy, and abandoned at birth, and lived in an orphanage and then a foster home. She was forced to marry an abusive man. They immigrated to the United States, where she refused to run a brothel for him and eventually left him. She remarried and worked as a cleaning woman in the Chicago Commons until she died.",
        "triples": "<Ines Cassettari; year of death; 1943>\n<Ines Cassettari; nationality; Italian>\n<Ines Cassettari; notable work; autobiography>\n<Ines Cassettari; year of birth; 1866 or 1867>\n<Ines Cassettari; place of birth; Lombardy, Italy>\n<Ines Cassettari; early life; abandoned at birth, and lived in an orphanage and then a foster home>\n<Ines Cassettari; first husbund; an abusive man>\n<Ines Cassettari; place where she immigrated to; United States>\n<Ines Cassettari; reason she left her husband; refused to run a brothel for him>\n<Ines Cassettari; her job in the United States; cleaning woman>\n<Ines Cassettari; place where she worked until she died; Chicago Commons>", 
    },
    {
        "title": "List of Florida hurricanes",
        "text": "The List of Florida hurricanes encompasses approximately 500 tropical or subtropical cyclones that affected the state of Florida. More storms hit Florida than any other U.S. state, and since 1851 only eighteen hurricane seasons passed without a known storm impacting the state. Collectively, cyclones that hit the region have resulted in over 10,000 deaths, most of which occurring prior to the start of Hurricane Hunters flights in 1943. Additionally, the cumulative impact from the storms totaled over $141 billion in damage (2017 USD), primarily from Hurricane Andrew and hurricanes in the 2004 and 2005 seasons.",
        "triples": "<List of Florida hurricanes; total number of tropical or subtropical cyclones affecting Florida; approximately 500>\n<List of Florida hurricanes; number of hurricane seasons since 1851 without a known storm impacting Florida; eighteen>\n<List of Florida hurricanes; number of deaths caused by cyclones hitting Florida; over 10,000>\n<List of Florida hurricanes; period when most of the deaths occurred; prior to the start of Hurricane Hunters flights in 1943>\n<List of Florida hurricanes; cumulative financial impact of the storms; over $141 billion (2017 USD)>\n<List of Florida hurricanes; main storms responsible for the majority of the financial damage; Hurricane Andrew and hurricanes in the 2004 and 2005 seasons>", 
    },
    # 31 - 35 
    {
        "title": "Raush River",
        "text": "The Raush River is a tributary of the Fraser River in British Columbia, Canada. It drains a watershed of approximately on the eastern flanks of the Cariboo Mountains, a sub-range of the Columbia Mountains. The river joins the Fraser near the community of Dunster in the Robson Valley. The river's name is the result of a transcription error; it was originally called the \"Rivi\u00e8re au Shuswap\", this was recorded on some maps as \"R.auSh.\", which then became \"Raush\" on official maps. Its source is the Raush Glacier, and major tributary creeks include Black Martin and Quanstrom.",
        "triples": "<Raush River; type; tributary>\n<Raush River; primary river; Fraser River>\n<Raush River; location; British Columbia, Canada>\n<Raush River; region it drains; eastern flanks of the Cariboo Mountains>\n<Raush River; place where the it joins the Fraser; near the community of Dunster in the Robson Valley>\n<Raush River; origin of its name; transcription error>\n<Raush River; original name; Rivi\u00e8re au Shuswap>\n<Raush River; source; Raush Glacier>\n<Raush River; major tributary creeks; Black Martin and Quanstrom>", 
    },
    {
        "title": "Mount Franklin (Australian Capital Territory)",
        "text": "Mount Franklin is a mountain with an elevation of in the Brindabella Ranges that is located on the border between the Australian Capital Territory and New South Wales, Australia. The summit of the mountain is located in the Australian Capital Territory.",
        "triples": "<Mount Franklin (Australian Capital Territory); type; mountain>\n<Mount Franklin (Australian Capital Territory); mountain range where Mount Franklin is located; Brindabella Ranges>\n<Mount Franklin (Australian Capital Territory); location; border between the Australian Capital Territory and New South Wales, Australia>\n<Mount Franklin (Australian Capital Territory); summit location; Australian Capital Territory>", 
    },
    {
        "title": "Sino-Tibetan relations during the Ming dynasty",
        "text": "According to Chen, the Ming officer of Hezhou (modern day Linxia) informed the Hongwu Emperor that the general situation in Dbus and Gtsang \"was under control,\" and so he suggested to the emperor that he offer the second Phagmodru ruler, Jamyang Shakya Gyaltsen, an official title. According to the Records of the Founding Emperor, the Hongwu Emperor issued an edict granting the title \"Initiation State Master\" to Sagya Gyaincain, while the latter sent envoys to the Ming court to hand over his jade seal of authority along with tribute of colored silk and satin, statues of the Buddha, Buddhist scriptures, and sarira.",
        "triples": "<Sino-Tibetan relations during the Ming dynasty; events; Ming officer of Hezhou (modern day Linxia) informed the Hongwu Emperor that the general situation in Dbus and Gtsang \"was under control,\">\n<Sino-Tibetan relations during the Ming dynasty; suggestion to Hongwu Emperor; offer an official title to Jamyang Shakya Gyaltsen>\n<Sino-Tibetan relations during the Ming dynasty; action taken by the Hongwu Emperor; issued an edict granting the title \"Initiation State Master\" to Sagya Gyaincain>\n<Sino-Tibetan relations during the Ming dynasty; action taken by Sagya Gyaincain; sent envoys to the Ming court to hand over his jade seal of authority along with tribute of colored silk and satin, statues of the Buddha, Buddhist scriptures, and sarira>", 
    },
    {
        "title": "Mount Keinath",
        "text": "Mount Keinath () is a mountain, high, rising at the east side of the terminus of Boomerang Glacier in the Deep Freeze Range, Victoria Land, Antarctica. It was mapped by the United States Geological Survey from surveys and U.S. Navy air photos, 1955\u201363, and was named by the Advisory Committee on Antarctic Names for Gerald E. Keinath, a biolab administrator at McMurdo Station in the 1965\u201366 season.",
        "triples": "<Mount Keinath; type; mountain>\n<Mount Keinath; elevation; high>\n<Mount Keinath; location; east side of the terminus of Boomerang Glacier in the Deep Freeze Range, Victoria Land, Antarctica>\n<Mount Keinath; organization that mapped Mount Keinath; United States Geological Survey>\n<Mount Keinath; mapping period; 1955\u201363>\n<Mount Keinath; named by; Advisory Committee on Antarctic Names for Gerald E. Keinath>\n<Mount Keinath; role of Gerald E. Keinath; biolab administrator at McMurdo Station>\n<Mount Keinath; time frame when Gerald E. Keinath served; 1965\u201366 season>", 
    },
    {
        "title": "2018 United States House of Representatives elections",
        "text": "The 2018 United States House of Representatives elections will be held on November 6, 2018. Elections will be held to elect representatives from all 435 congressional districts across each of the 50 U.S. states. Non-voting delegates from the District of Columbia and four of the five inhabited U.S. territories will also be elected. The winners of this election will serve in the 116th United States Congress, with seats apportioned among the states based on the 2010 United States Census. Republicans have held a House majority since January 2011 (see 2010 results), although they lost six seats in the 2016 elections.",
        "triples": "<2018 United States House of Representatives elections; election date; November 6, 2018>\n<2018 United States House of Representatives elections; purpose; elect representatives from all 435 congressional districts across each of the 50 U.S. states>\n<2018 United States House of Representatives elections; areas where non-voting delegates will be elected; District of Columbia and four of the five inhabited U.S. territories>\n<2018 United States House of Representatives elections; Congress session for which the winners will serve; 116th United States Congress>\n<2018 United States House of Representatives elections; seats apportioned based on; 2010 United States Census>\n<2018 United States House of Representatives elections; Republican majority since; January 2011>\n<2018 United States House of Representatives elections; Republican seat loss; six seats in the 2016 elections>", 
    },
    # 36 - 40 
    {
        "title": "Miami",
        "text": "Miami has a tropical monsoon climate (K\u00f6ppen climate classification Am) with hot and humid summers and short, warm winters, with a marked drier season in the winter. Its sea-level elevation, coastal location, position just above the Tropic of Cancer, and proximity to the Gulf Stream shapes its climate. With January averaging 67.2 \u00b0F (19.6 \u00b0C), winter features mild to warm temperatures; cool air usually settles after the passage of a cold front, which produces much of the little amount of rainfall during the season. Lows occasionally fall below 50 \u00b0F (10 \u00b0C), but very rarely below 35 \u00b0F (2 \u00b0C). Highs generally range between 70\u201377 \u00b0F (21\u201325 \u00b0C).",
        "triples": "<Miami; classification of Miami's climate; tropical monsoon climate>\n<Miami; summer climate; hot and humid>\n<Miami; winter climate; short, warm>\n<Miami; drier season; winter>\n<Miami; factors shaping Miami's climate; sea-level elevation, coastal location, position just above the Tropic of Cancer, and proximity to the Gulf Stream>\n<Miami; average temperature in January; 67.2 \u00b0F (19.6 \u00b0C)>\n<Miami; general temperature in winter; mild to warm temperatures>\n<Miami; cool air occurrence; after the passage of a cold front>\n<Miami; occasional low temperatures; below 50 \u00b0F (10 \u00b0C)>\n<Miami; rare low temperatures; below 35 \u00b0F (2 \u00b0C)>\n<Miami; high temperature range in winter; 70\u201377 \u00b0F (21\u201325 \u00b0C)>", 
    },
    {
        "title": "Louis Lacombe",
        "text": "Louis Lacombe was born in Bourges, the brother of composer Felicita Casella. He showed unusual musical abilities at very young age and was soon hailed as a child prodigy. He studied piano at the Paris Conservatoire from 1829 to 1832 with Pierre Zimmerman and won first prize in piano performance at only age 12 in 1831. He began touring Western Europe after leaving the Conservatoire, and in 1834 he studied composition in Vienna with Carl Czerny, and theory with Ignaz von Seyfried and Simon Sechter. At the end of the decade, he settled in Paris and married his first wife; his second wife, Andrea Lacombe (n\u00e9e Favel), whom he married in 1869, was a singer.",
        "triples": "<Louis Lacombe; place of birth; Bourges>\n<Louis Lacombe; sibling; Felicita Casella>\n<Louis Lacombe; early musical ability; showed unusual musical abilities at very young age>\n<Louis Lacombe; recognition; child prodigy>\n<Louis Lacombe; place where he studied piano; Paris Conservatoire>\n<Louis Lacombe; piano teacher; Pierre Zimmerman>\n<Louis Lacombe; period during which he studied piano; from 1829 to 1832>\n<Louis Lacombe; awards; won first prize in piano performance at only age 12 in 1831>\n<Louis Lacombe; post-Conservatoire activity; touring Western Europe>\n<Louis Lacombe; place where he studied composition; Vienna>\n<Louis Lacombe; composition teacher; Carl Czerny>\n<Louis Lacombe; theory teachers; Ignaz von Seyfried and Simon Sechter>\n<Louis Lacombe; settlement; Pairs>\n<Louis Lacombe; first wife; unknown>\n<Louis Lacombe; second wife; Andrea Lacombe (n\u00e9e Favel)>\n<Louis Lacombe; second wife's profession; singer>\n<Louis Lacombe; second marriage year; 1869>", 
    },
    {
        "title": "Halcyonair",
        "text": "Halcyonair, S.A. was an airline with its head office in Am\u00edlcar Cabral International Airport in Espargos, Sal, Cape Verde. It was established in April 2005 and operated domestic flights between the Cape Verde Islands from its main base Am\u00edlcar Cabral International Airport.",
        "triples": "<Halcyonair; type; airline>\n<Halcyonair; head office location; Am\u00edlcar Cabral International Airport in Espargos, Sal, Cape Verde>\n<Halcyonair; establishment date; April 2005>\n<Halcyonair; type of flights the airline operated; domestic flights>\n<Halcyonair; service area; between the Cape Verde Islands from its main base Am\u00edlcar Cabral International Airport>", 
    },
    {
        "title": "China at the Olympics",
        "text": "Games Host city Dates Nations Participants Events 2008 Summer Olympics Beijing 8 -- 24 August 204 10,942 302 2022 Winter Olympics Beijing 4 -- 20 February",
        "triples": "<China at the Olympics; host city; Beijing>\n<China at the Olympics; 2008 Summer Olympics dates; 8 -- 24 August 204>\n<China at the Olympics; 2022 Winter Olympics dates; 4 -- 20 February>\n<China at the Olympics; 2008 Summer Olympics nations; 204>\n<China at the Olympics; 2008 Summer Olympics participants; 10,942>\n<China at the Olympics; 2008 Summer Olympics events; 302>", 
    },
    {
        "title": "The Heart That You Own",
        "text": "\"The Heart That You Own\" is a song written and recorded by American country music artist Dwight Yoakam. It was released in April 1992 as the fifth single from his album \"If There Was a Way\". This song peaked at number 18 in the United States and at number 13 in Canada.",
        "triples": "<The Heart That You Own; type; song>\n<The Heart That You Own; writer and performer; American country music artist Dwight Yoakam>\n<The Heart That You Own; release date; April 1992>\n<The Heart That You Own; album; fifth single from the album \"If There Was a Way\">\n<The Heart That You Own; peak position in the United States; number 18>\n<The Heart That You Own; peak position in Canada; number 13>", 
    },
    # 41 - 45
    {
        "title": "Ducharme Bridge",
        "text": "The Ducharme Bridge (French: \"Pont Ducharme\") is a covered bridge with a lattice truss structure, which crosses the Bostonnais River in the center of La Bostonnais, Quebec. The bridge was built in 1946 and it is long. It was classified as a historic monument in 2006, because it was a late example of an elaborated town bridge, a truss developed by the Departement of colonization of Quebec at the turn of the 20th century. It was named after Romulus Ducharme, MLA of Laviolette in 1936-1939 and 1944-1966.",
        "triples": "<Ducharme Bridge; French name; Pont Ducharme>\n<Ducharme Bridge; type; covered bridge with a lattice truss structure>\n<Ducharme Bridge; river that the bridge spans; Bostonnais River>\n<Ducharme Bridge; location; center of La Bostonnais, Quebec>\n<Ducharme Bridge; built year; 1946>\n<Ducharme Bridge; the year when the bridge was classified as a historic monument; 2006>\n<Ducharme Bridge; reason why the bridge was classified as a historic monument; late example of an elaborated town bridge truss>\n<Ducharme Bridge; truss developer; Departement of colonization of Quebec>\n<Ducharme Bridge; name after; Romulus Ducharme>\n<Ducharme Bridge; position held by Romulus Ducharme; MLA of Laviolette in 1936-1939 and 1944-1966>", 
    },
    {
        "title": "Dave's World",
        "text": "Dave's World Dave's World intertitle Created by Fred Barron Based on the books Dave Barry's Greatest Hits and Dave Barry Turns 40 by Dave Barry Starring Harry Anderson DeLane Matthews Zane Carney Andrew Ducote Shadoe Stevens Meshach Taylor J.C. Wendel Opening theme ``You May Be Right ''by Southside Johnny Country of origin United States Original language (s) English No. of seasons No. of episodes 98 Production Executive producer (s) Jonathan Axelrod Fred Barron Producer (s) Faye Oshima Belyeu Running time 30 minutes Production company (s) Producers Entertainment Group Ltd. Axelrod - Widdoes Productions Fred Barron Productions (1993 - 1995) (seasons 1 - 2) Livestock Productions (1993 - 1995) (seasons 1 - 2) Kitten in the Oven Productions (1995 - 1997) (seasons 3 - 4) CBS Productions Distributor CBS Television Distribution Release Original network CBS Original release September 20, 1993 -- July 18, 1997",
        "triples": "<Dave's World; created by; Fred Barron>\n<Dave's World; based on; Dave Barry's Greatest Hits and Dave Barry Turns 40 by Dave Barry>\n<Dave's World; main actors; Harry Anderson, DeLane Matthews, Zane Carney, Andrew Ducote, Shadoe Stevens, Meshach Taylor, J.C. Wendel>\n<Dave's World; opening theme; You May Be Right by Southside Johnny>\n<Dave's World; country of origin; United States>\n<Dave's World; original language; English>\n<Dave's World; number of episodes; 98>\n<Dave's World; executive producers; Jonathan Axelrod and Fred Barron>\n<Dave's World; producers; Faye Oshima Belyeu>\n<Dave's World; running time; 30 minutes>\n<Dave's World; production companies; Producers Entertainment Group Ltd., Axelrod-Widdoes Productions, Fred Barron Productions, Livestock Productions, Kitten in the Oven Productions, CBS Productions>\n<Dave's World; distributor; CBS Television Distribution>\n<Dave's World; network that originally aired the show; CBS>\n<Dave's World; original release dates; September 20, 1993 -- July 18, 1997>", 
    },
    {
        "title": "Bob Hess",
        "text": "Robert George Hess (born May 19, 1955 in Middleton, Nova Scotia) is a Canadian retired professional ice hockey defenceman. He played in the National Hockey League for the St. Louis Blues, Buffalo Sabres, and Hartford Whalers. Between 1982 and 1984 Hess played in Switzerland's Nationalliga A for HC Lugano and EHC Kloten.",
        "triples": "<Bob Hess; full name; Robert George Hess>\n<Bob Hess; date of birth; May 19, 1955>\n<Bob Hess; place of birth; Middleton, Nova Scotia>\n<Bob Hess; nationality; Canadian>\n<Bob Hess; occupation; retired professional ice hockey defenceman>\n<Bob Hess; teams he played for in the National Hockey League; St. Louis Blues, Buffalo Sabres, and Hartford Whalers>\n<Bob Hess; teams he played for in Switzerland's Nationalliga A; HC Lugano and EHC Kloten>\n<Bob Hess; period he played in Switzerland's Nationalliga A; between 1982 and 1984>", 
    },
    {
        "title": "Oklahoma City",
        "text": "Oklahoma City is the capital and largest city of the state of Oklahoma. The county seat of Oklahoma County, the city ranks 27th among United States cities in population. The population grew following the 2010 Census, with the population estimated to have increased to 620,602 as of July 2014. As of 2014, the Oklahoma City metropolitan area had a population of 1,322,429, and the Oklahoma City-Shawnee Combined Statistical Area had a population of 1,459,758 (Chamber of Commerce) residents, making it Oklahoma's largest metropolitan area. Oklahoma City's city limits extend into Canadian, Cleveland, and Pottawatomie counties, though much of those areas outside of the core Oklahoma County area are suburban or rural (watershed). The city ranks as the eighth-largest city in the United States by land area (including consolidated city-counties; it is the largest city in the United States by land area whose government is not consolidated with that of a county or borough).",
        "triples": "<Oklahoma City; status; capital and largest city of the state of Oklahoma>\n<Oklahoma City; county seat of; Oklahoma County>\n<Oklahoma City; population rank in the United States; 27th>\n<Oklahoma City; estimated population as of July 2014; 620,602>\n<Oklahoma City; population of the metropolitan area as of 2014; 1,322,429>\n<Oklahoma City; population of the Oklahoma City-Shawnee Combined Statistical Area; 1,459,758>\n<Oklahoma City; is largest metropolitan area in; Oklahoma>\n<Oklahoma City; city limits extend into; Canadian, Cleveland, and Pottawatomie counties>\n<Oklahoma City; areas outside core Oklahoma County; suburban or rural (watershed)>\n<Oklahoma City; land area rank in the United States; eighth-largest city>\n<Oklahoma City; largest city by land area; not consolidated with a county or borough>", 
    },
    {
        "title": "Cass, West Virginia",
        "text": "Cass is a census-designated place (CDP) on the Greenbrier River in Pocahontas County, West Virginia, USA. As of the 2010 census, its population was 52. The town, founded in 1901, was named for Joseph Kerr Cass, vice president and cofounder of the West Virginia Pulp and Paper Company.",
        "triples": "<Cass, West Virginia; type; census-designated place (CDP)>\n<Cass, West Virginia; location; on the Greenbrier River in Pocahontas County, West Virginia, USA>\n<Cass, West Virginia; population as of the 2010 census; 52>\n<Cass, West Virginia; the time when the town was founded; 1901>\n<Cass, West Virginia; name after; Joseph Kerr Cass, vice president and cofounder of the West Virginia Pulp and Paper Company>", 
    },
    # 46 - 50 
    {
        "title": "Journal of Creative Behavior",
        "text": "The Journal of Creative Behavior is a quarterly peer-reviewed academic journal published by Wiley-Blackwell on behalf of the Creative Education Foundation. The journal was established in 1967. Its current editor-in-chief is Ronald A. Beghetto (University of Connecticut). The journal focuses on creativity and problem solving, including ways to foster creative productivity, giftedness, management of creative personnel, testing, creativity in business and industry, development of creative curricula, and creativity in the arts and the sciences.",
        "triples": "<Journal of Creative Behavior; publish frequency; quarterly>\n<Journal of Creative Behavior; type; peer-reviewed academic journal>\n<Journal of Creative Behavior; publisher; Wiley-Blackwell on behalf of the Creative Education Foundation>\n<Journal of Creative Behavior; the year when the journal was established; 1967>\n<Journal of Creative Behavior; current editor-in-chief; Ronald A. Beghetto (University of Connecticut)>\n<Journal of Creative Behavior; focus areas; creativity and problem solving>\n<Journal of Creative Behavior; included topics; ways to foster creative productivity, giftedness, management of creative personnel, testing, creativity in business and industry, development of creative curricula, and creativity in the arts and the sciences>", 
    },
    {
        "title": "Union territory",
        "text": "A union territory is a type of administrative division in the Republic of India. Unlike states, which have their own elected governments, union territories are ruled directly by the Union Government (central government), hence the name ``union territory ''. Union territories in India qualify as federal territories, by definition.",
        "triples": "<Union territory; type; administrative division in the Republic of India>\n<Union territory; governance; ruled directly by the Union Government (central government)>\n<Union territory; name origin; union territories are ruled directly by the Union Government>\n<Union territory; classification; federal territories>", 
    },
    {
        "title": "British Empire",
        "text": "During the Age of Discovery in the 15th and 16th centuries, Portugal and Spain pioneered European exploration of the globe, and in the process established large overseas empires. Envious of the great wealth these empires generated, England, France, and the Netherlands began to establish colonies and trade networks of their own in the Americas and Asia. A series of wars in the 17th and 18th centuries with the Netherlands and France left England (and then, following union between England and Scotland in 1707, Great Britain) the dominant colonial power in North America and India.",
        "triples": "<British Empire; period of establishment; Age of Discovery in the 15th and 16th centuries>\n<British Empire; why England began to establish colonies; envy of great wealth generated by Portuguese and Spanish empires>\n<British Empire; competitors; France and the Netherlands>\n<British Empire; areas where England established colonies and trade networks; Americas and Asia>\n<British Empire; result of wars with the Netherlands and France; dominant colonial power in North America and India>\n<British Empire; union between England and Scotland; 1707>", 
    },
    {
        "title": "Flip and Flop",
        "text": "Flip and Flop is an isometric platform game for the Atari 8-bit family designed by Jim Nangano and published in 1983 by First Star Software. Statesoft released a Commodore 64 port the following year. The Commodore 64 box cover, which features a photo of acrobats that does not relate to the game itself, changes the name to Flip & Flop; it remains \"Flip and Flop\" on the title screen.",
        "triples": "<Flip and Flop; type; isometric platform game>\n<Flip and Flop; platform; Atari 8-bit family>\n<Flip and Flop; designer; Jim Nangano>\n<Flip and Flop; publisher; First Star Software>\n<Flip and Flop; release year; 1983>\n<Flip and Flop; company that released the Commodore 64 version; Statesoft>\n<Flip and Flop; Commodore 64 port release year; 1984>\n<Flip and Flop; Commodore 64 box cover photo; acrobats>\n<Flip and Flop; Commodore 64 box cover name; Flip & Flop>\n<Flip and Flop; title screen name; Flip and Flop>", 
    },
    {
        "title": "Prime Minister of India",
        "text": "Prime Minister of the Government of India State Emblem of India Flag of India Incumbent Narendra Modi since 26 May 2014 (2014 - 05 - 26) Prime Minister's Office Style The Honourable (formal) His Excellency (in diplomatic correspondence) Status Head of government Abbreviation PM Member of Cabinet, parliament Residence 7, Lok Kalyan Marg, New Delhi Seat Prime Minister's Office, South Block, New Delhi Appointer President of India by convention, based on appointee's ability to command confidence in the Lok Sabha Term length At the pleasure of the president Lok Sabha term is 5 years unless dissolved sooner No term limits specified Inaugural holder Jawaharlal Nehru (1947 - 1964) Formation 15 August 1947; 70 years ago (1947 - 08 - 15) Deputy Deputy Prime Minister of India (if any) Salary \u20b920 lakh (US $31,000) (annual, including \u20b9960,000 (US $15,000) MP's salary) Website pmindia.gov.in",
        "triples": "<Prime Minister of India; state emblem; State Emblem of India>\n<Prime Minister of India; flag; Flag of India>\n<Prime Minister of India; incumbent; Narendra Modi>\n<Prime Minister of India; the date when the current prime minister took office; since 26 May 2014>\n<Prime Minister of India; formal style; The Honourable>\n<Prime Minister of India; diplomatic style; His Excellency>\n<Prime Minister of India; status; Head of government>\n<Prime Minister of India; abbreviation; PM>\n<Prime Minister of India; membership; Cabinet, parliament>\n<Prime Minister of India; residence; 7, Lok Kalyan Marg, New Delhi>\n<Prime Minister of India; location of the prime minister's office; Prime Minister's Office, South Block, New Delhi>\n<Prime Minister of India; appointer; President of India>\n<Prime Minister of India; term length; at the pleasure of the president>\n<Prime Minister of India; legislative term; 5 years>\n<Prime Minister of India; term limits; no term limits specified>\n<Prime Minister of India; inaugural holder; Jawaharlal Nehru>\n<Prime Minister of India; formation date; 15 August 1947>\n<Prime Minister of India; deputy; Deputy Prime Minister of India>\n<Prime Minister of India; annual salary; \u20b920 lakh (US $31,000) (annual, including \u20b9960,000 (US $15,000) MP's salary)>\n<Prime Minister of India; website; pmindia.gov.in>", 
    }
]

GENERATING_CHAIN_EXAMPLARS_MUSIQUE = [
    [
        {
            "question": "Who was the premier of the country that invaded the country that produced The Guard Post?", 
            "triples": [], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <The Guard Post; type; 2008 Korean horror film>", 
                "C. <The Guard Post; director; Kong Su-chang>", 
                "D. <The Guard Post; writer; Kong Su-chang>",
                "E. <North Korea; head of government; Premier Pak Pong-ju>", 
            ],
            "answer": "B", 
        },
        {
            "question": "Who was the premier of the country that invaded the country that produced The Guard Post?", 
            "triples": [
                "<The Guard Post; type; 2008 Korean horror film>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <The Korean War; cause; North Korea invaded South Korea following a series of clashes along the border>", 
                "C. <The Guard Post; director; Kong Su-chang>", 
                "D. <The Korean War; China's involvement; China came to the aid of North Korea>",
                "E. <The Guard Post; writer; Kong Su-chang>", 
            ],
            "answer": "B", 
        },
        {
            "question": "Who was the premier of the country that invaded the country that produced The Guard Post?", 
            "triples": [
                "<The Guard Post; type; 2008 Korean horror film>",
                "<The Korean War; cause; North Korea invaded South Korea following a series of clashes along the border>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <The Guard Post; director; Kong Su-chang>", 
                "C. <The Korean War; start date; 25 June 1950>", 
                "D. <North Korea; head of government; Premier Pak Pong-ju>",
                "E. <The Korean War; South Korea's support; United States>", 
            ],
            "answer": "D", 
        },
        {
            "question": "Who was the premier of the country that invaded the country that produced The Guard Post?", 
            "triples": [
                "<The Guard Post; type; 2008 Korean horror film>",
                "<The Korean War; cause; North Korea invaded South Korea following a series of clashes along the border>",
                "<North Korea; head of government; Premier Pak Pong-ju>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <The Guard Post; director; Kong Su-chang>", 
                "C. <The Korean War; China's involvement; China came to the aid of North Korea>", 
                "D. <The Guard Post; writer; Kong Su-chang>",
                "E. <The Korean War; start date; 25 June 1950>", 
            ],
            "answer": "A", 
        },
    ],
    [
        {
            "question": "Who created the borders of countries on the continent where Legend of the Lost was filmed?", 
            "triples": [], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Legend of the Lost; location work; Rome and Libya>", 
                "C. <Legend of the Lost; location of the lost city; near Tripoli, in northwest Libya>", 
                "D. <Africa; outcome of European occupation; creation of many colonial territories>",
                "E. <Libya; bordering countries; Mediterranean Sea, Egypt, Sudan, Chad, Niger, Algeria, Tunisia>", 
            ],
            "answer": "B", 
        },
        {
            "question": "Who created the borders of countries on the continent where Legend of the Lost was filmed?", 
            "triples": [
                "<Legend of the Lost; location work; Rome and Libya>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Legend of the Lost; location of the lost city; near Tripoli, in northwest Libya>", 
                "C. <Libya; bordering countries; Mediterranean Sea, Egypt, Sudan, Chad, Niger, Algeria, Tunisia>", 
                "D. <Libya; location; Maghreb region in North Africa>",
                "E. <Legend of the Lost; lost city referred to; Leptis Magna ruins>", 
            ],
            "answer": "D", 
        },
        {
            "question": "Who created the borders of countries on the continent where Legend of the Lost was filmed?", 
            "triples": [
                "<Legend of the Lost; location work; Rome and Libya>",
                "<Libya; location; Maghreb region in North Africa>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Legend of the Lost; lost city referred to; Leptis Magna ruins>", 
                "C. <Libya; regions; Tripolitania, Fezzan, Cyrenaica>", 
                "D. <Legend of the Lost; headquarters; Ghadames>",
                "E. <Africa; outcome of European occupation; creation of many colonial territories>", 
            ],
            "answer": "E", 
        },
        {
            "question": "Who created the borders of countries on the continent where Legend of the Lost was filmed?", 
            "triples": [
                "<Legend of the Lost; location work; Rome and Libya>",
                "<Libya; location; Maghreb region in North Africa>",
                "<Africa; outcome of European occupation; creation of many colonial territories>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Legend of the Lost; location of the lost city; near Tripoli, in northwest Libya>", 
                "C. <Legend of the Lost; lost city referred to; Leptis Magna ruins>", 
                "D. <Libya; regions; Tripolitania, Fezzan, Cyrenaica>",
                "E. <Africa; period of European occupation; late 19th century>", 
            ],
            "answer": "A", 
        },
    ],
    [
        {
            "question": "How many theater companies are in residence in the city where Askville's owner is headquartered?", 
            "triples": [], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Seattle; ranking; probably second only to New York for number of equity theaters>", 
                "C. <Seattle; number of equity theaters; 28>", 
                "D. <Askville; founder; Amazon.com>",
                "E. <Houston; has; The Alley Theatre>", 
            ],
            "answer": "D", 
        },
        {
            "question": "How many theater companies are in residence in the city where Askville's owner is headquartered?", 
            "triples": [
                "<Askville; founder; Amazon.com>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Seattle; ranking; probably second only to New York for number of equity theaters>", 
                "C. <AmazonFresh; location; Seattle, Washington>", 
                "D. <Seattle; number of theatrical production companies; around 100>",
                "E. <Seattle; number of live theatre venues; over two dozen>", 
            ],
            "answer": "C", 
        },
        {
            "question": "How many theater companies are in residence in the city where Askville's owner is headquartered?", 
            "triples": [
                "<Askville; founder; Amazon.com>",
                "<AmazonFresh; location; Seattle, Washington>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Seattle; number of theatrical production companies; around 100>", 
                "C. <Seattle; number of live theatre venues; over two dozen>", 
                "D. <Seattle; ranking; probably second only to New York for number of equity theaters>",
                "E. <Seattle; number of equity theaters; 28>", 
            ],
            "answer": "B", 
        },
        {
            "question": "How many theater companies are in residence in the city where Askville's owner is headquartered?", 
            "triples": [
                "<Askville; founder; Amazon.com>",
                "<AmazonFresh; location; Seattle, Washington>",
                "<Seattle; number of theatrical production companies; around 100>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Seattle; number of equity theaters; 28>", 
                "C. <Seattle; type of theatre; fringe theatre>", 
                "D. <Seattle; venue; 5th Avenue Theatre>",
                "E. <AmazonFresh; subsidiary of; Amazon.com>", 
            ],
            "answer": "A", 
        },
    ],
    [
        {
            "question": "Which county shares a border with the county in which Wayne is located?", 
            "triples": [], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Wayne, Washington County, Wisconsin; location; in Washington County, Wisconsin, United States>", 
                "C. <Wayne, Washington County, Wisconsin; contains; Kohlsville>", 
                "D. <Wayne, Washington County, Wisconsin; population as of the 2000 census; 1,727>",
                "E. <Tatra County; location; Lesser Poland Voivodeship, southern Poland, on the Slovak border>", 
            ],
            "answer": "B", 
        },
        {
            "question": "Which county shares a border with the county in which Wayne is located?", 
            "triples": [
                "<Wayne, Washington County, Wisconsin; location; in Washington County, Wisconsin, United States>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Wayne, Washington County, Wisconsin; contains; Kohlsville>", 
                "C. <Wayne, Washington County, Wisconsin; contains; Wayne>", 
                "D. <Wayne, Washington County, Wisconsin; population as of the 2000 census; 1,727>",
                "E. <Colgate, Wisconsin; location; in Washington County, Wisconsin, United States, straddling the county line with Waukesha County>", 
            ],
            "answer": "E", 
        },
        {
            "question": "Which county shares a border with the county in which Wayne is located?", 
            "triples": [
                "<Wayne, Washington County, Wisconsin; location; in Washington County, Wisconsin, United States>",
                "<Colgate, Wisconsin; location; in Washington County, Wisconsin, United States, straddling the county line with Waukesha County>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Wayne, Washington County, Wisconsin; contains; Kohlsville>", 
                "C. <Wayne, Washington County, Wisconsin; population as of the 2000 census; 1,727>", 
                "D. <Colgate, Wisconsin; location; partially in the town of Lisbon>",
                "E. <Colgate, Wisconsin; location; partially in the village of Richfield>", 
            ],
            "answer": "A", 
        },
    ],
    [
        {
            "question": "Who is the spouse of the person who made The Circe Invidiosa?", 
            "triples": [], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Circe Invidiosa; artist; John William Waterhouse>", 
                "C. <Circe Invidiosa; creation year; 1892>", 
                "D. <Circe Invidiosa; mythological character; Circe>",
                "E. <Circe Invidiosa; inspiration; Ovid's \"Metamorphoses\">", 
            ],
            "answer": "B", 
        },
        {
            "question": "Who is the spouse of the person who made The Circe Invidiosa?", 
            "triples": [
                "<Circe Invidiosa; artist; John William Waterhouse>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Esther Kenworthy Waterhouse; marriage; John William Waterhouse>", 
                "C. <Circe Invidiosa; creation year; 1892>", 
                "D. <Circe Offering the Cup to Ulysses; creator; John William Waterhouse>",
                "E. <Circe Invidiosa; mythological character; Circe>", 
            ],
            "answer": "B", 
        },
        {
            "question": "Who is the spouse of the person who made The Circe Invidiosa?", 
            "triples": [
                "<Circe Invidiosa; artist; John William Waterhouse>",
                "<Esther Kenworthy Waterhouse; marriage; John William Waterhouse>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Circe Invidiosa; creation year; 1892>", 
                "C. <Circe Offering the Cup to Ulysses; creator; John William Waterhouse>", 
                "D. <Esther Kenworthy Waterhouse; name change; Esther Kenworthy Waterhouse>",
                "E. <Circe Invidiosa; mythological character; Circe>", 
            ],
            "answer": "A", 
        },
    ],
    [
        {
            "question": "When did the home country of Privilege's performer gain independence from England?", 
            "triples": [], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Privilege (Ivor Cutler album); release year; 1983>", 
                "C. <Privilege (Ivor Cutler album); record label; Rough Trade Records>", 
                "D. <Privilege (Ivor Cutler album); type; album>",
                "E. <Privilege (Ivor Cutler album); artist; Ivor Cutler>", 
            ],
            "answer": "E", 
        },
        {
            "question": "When did the home country of Privilege's performer gain independence from England?", 
            "triples": [
                "<Privilege (Ivor Cutler album); artist; Ivor Cutler>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Privilege (Ivor Cutler album); release year; 1983>", 
                "C. <Privilege (Ivor Cutler album); record label; Rough Trade Records>", 
                "D. <IVOR CUTLER; co-producers; Vanishing Point and National Theatre of Scotland>",
                "E. <History of Scotland; event; The Declaration of Arbroath was written in 1320>", 
            ],
            "answer": "D", 
        },
        {
            "question": "When did the home country of Privilege's performer gain independence from England?", 
            "triples": [
                "<Privilege (Ivor Cutler album); artist; Ivor Cutler>",
                "<IVOR CUTLER; co-producers; Vanishing Point and National Theatre of Scotland>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Privilege (Ivor Cutler album); release year; 1983>", 
                "C. <History of Scotland; event; Edward I died in 1307>", 
                "D. <History of Scotland; event; The Declaration of Arbroath was written in 1320>",
                "E. <History of Scotland; event; The Declaration of Arbroath helped convince Pope John XXII to overturn the earlier excommunication and nullify the various acts of submission by Scottish kings to English ones>", 
            ],
            "answer": "E", 
        },
        {
            "question": "When did the home country of Privilege's performer gain independence from England?", 
            "triples": [
                "<Privilege (Ivor Cutler album); artist; Ivor Cutler>",
                "<IVOR CUTLER; co-producers; Vanishing Point and National Theatre of Scotland>",
                "<History of Scotland; event; The Declaration of Arbroath helped convince Pope John XXII to overturn the earlier excommunication and nullify the various acts of submission by Scottish kings to English ones>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <History of Scotland; event; The Declaration of Arbroath helped Scotland's sovereignty be recognised by the major European dynasties>", 
                "C. <Privilege (Ivor Cutler album); artist; Ivor Cutler>", 
                "D. <History of Scotland; event; The Declaration of Arbroath was written in 1320>",
                "E. <Privilege (Ivor Cutler album); release year; 1983>", 
            ],
            "answer": "B", 
        },
    ],
    [
        {
            "question": "What is the population of the city where the cast member of The Adventures of Rex and Rinty lived when he died?", 
            "triples": [], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Rin Tin Tin; location; Long Island, New York>", 
                "C. <Rin Tin Tin; location; Los Angeles>", 
                "D. <The Adventures of Rex and Rinty; starring; Rex and Rin Tin Tin, Jr.>",
                "E. <Rin Tin Tin; event; Nanette died in Hempstead>", 
            ],
            "answer": "D", 
        },
        {
            "question": "What is the population of the city where the cast member of The Adventures of Rex and Rinty lived when he died?", 
            "triples": [
                "<The Adventures of Rex and Rinty; starring; Rex and Rin Tin Tin, Jr.>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Rin Tin Tin; location; Long Island, New York>", 
                "C. <Rin Tin Tin; location; Los Angeles>", 
                "D. <Rin Tin Tin; event; Nanette died in Hempstead>",
                "E. <Rin Tin Tin; location; Hempstead>", 
            ],
            "answer": "C", 
        },
        {
            "question": "What is the population of the city where the cast member of The Adventures of Rex and Rinty lived when he died?", 
            "triples": [
                "<The Adventures of Rex and Rinty; starring; Rex and Rin Tin Tin, Jr.>",
                "<Rin Tin Tin; location; Los Angeles>",
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Rin Tin Tin; location; Long Island, New York>", 
                "C. <Southern California; population of Los Angeles; 3,792,621>", 
                "D. <Rin Tin Tin; event; Nanette died in Hempstead>",
                "E. <Rin Tin Tin; location; Hempstead>", 
            ],
            "answer": "C", 
        },
        {
            "question": "What is the population of the city where the cast member of The Adventures of Rex and Rinty lived when he died?", 
            "triples": [
                "<The Adventures of Rex and Rinty; starring; Rex and Rin Tin Tin, Jr.>",
                "<Rin Tin Tin; location; Los Angeles>",
                "<Southern California; population of Los Angeles; 3,792,621>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Rin Tin Tin; location; Long Island, New York>", 
                "C. <Southern California; most populous city; Los Angeles>", 
                "D. <Southern California; ranking of Los Angeles; second most populous in the United States>",
                "E. <Southern California; population of San Diego; 1,307,402>", 
            ],
            "answer": "A", 
        },
    ],
    [
        {
            "question": "What is the capital of the county that contains the city where Adam Blackstone was born?", 
            "triples": [], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Adam Blackstone; birthplace; Trenton, NJ>", 
                "C. <Adam Blackstone; birthdate; December 4, 1982>", 
                "D. <Adam Blackstone; profession; multi-instrumentalist, songwriter, producer, and bassist>",
                "E. <Adam Blackstone; role in performances; directed and played>", 
            ],
            "answer": "B", 
        },
        {
            "question": "What is the capital of the county that contains the city where Adam Blackstone was born?", 
            "triples": [
                "<Adam Blackstone; birthplace; Trenton, NJ>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Adam Blackstone; birthdate; December 4, 1982>", 
                "C. <15th Legislative District (New Jersey); municipalities in Mercer County; Ewing Township, Hopewell Borough, Hopewell Township, Lawrence Township, Pennington Borough, Trenton City, West Windsor Township>", 
                "D. <Adam Blackstone; role in performances; directed and played>",
                "E. <Nigeria; division; thirty-six states and one Federal Capital Territory>", 
            ],
            "answer": "C", 
        },
        {
            "question": "What is the capital of the county that contains the city where Adam Blackstone was born?", 
            "triples": [
                "<Adam Blackstone; birthplace; Trenton, NJ>",
                "<15th Legislative District (New Jersey); municipalities in Mercer County; Ewing Township, Hopewell Borough, Hopewell Township, Lawrence Township, Pennington Borough, Trenton City, West Windsor Township>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Adam Blackstone; profession; multi-instrumentalist, songwriter, producer, and bassist>", 
                "C. <15th Legislative District (New Jersey); number of districts in the New Jersey Legislature; 40>", 
                "D. <Adam Blackstone; role in performances; directed and played>",
                "E. <WAEY; service area; Princeton and Mercer County, West Virginia>", 
            ],
            "answer": "E", 
        },
        {
            "question": "What is the capital of the county that contains the city where Adam Blackstone was born?", 
            "triples": [
                "<Adam Blackstone; birthplace; Trenton, NJ>",
                "<15th Legislative District (New Jersey); municipalities in Mercer County; Ewing Township, Hopewell Borough, Hopewell Township, Lawrence Township, Pennington Borough, Trenton City, West Windsor Township>",
                "<WAEY; service area; Princeton and Mercer County, West Virginia>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Adam Blackstone; birthdate; December 4, 1982>", 
                "C. <WAEY; location; Princeton, West Virginia>", 
                "D. <WAEY; owner and operator; Princeton Broadcasting, Inc.>",
                "E. <Tatra County; location; Lesser Poland Voivodeship, southern Poland, on the Slovak border>", 
            ],
            "answer": "A", 
        },
    ],
    [
        {
            "question": "What city holds the university where Hal Patterson was educated?", 
            "triples": [], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Hal Patterson; college basketball player; University of Kansas>", 
                "C. <Hal Patterson; full name; Harold \"Prince Hal\" Edward Patterson>", 
                "D. <Hal Patterson; date of birth; October 4, 1932>",
                "E. <Patterson Tract, California; location; Tulare County, California>", 
            ],
            "answer": "B", 
        },
        {
            "question": "What city holds the university where Hal Patterson was educated?", 
            "triples": [
                "<Hal Patterson; college basketball player; University of Kansas>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Center for the Study of Science Fiction; location; Lawrence, KS>", 
                "C. <Hal Patterson; full name; Harold \"Prince Hal\" Edward Patterson>", 
                "D. <Hal Patterson; member of; Canadian Football Hall of Fame>",
                "E. <Center for the Study of Science Fiction; association; University of Kansas>", 
            ],
            "answer": "E", 
        },
        {
            "question": "What city holds the university where Hal Patterson was educated?", 
            "triples": [
                "<Hal Patterson; college basketball player; University of Kansas>",
                "<Center for the Study of Science Fiction; association; University of Kansas>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Center for the Study of Science Fiction; location; Lawrence, KS>", 
                "C. <Center for the Study of Science Fiction; founder; James Gunn>", 
                "D. <Hal Patterson; professional football league; Canadian Football League>",
                "E. <Hal Patterson; date of birth; October 4, 1932>", 
            ],
            "answer": "B", 
        },
        {
            "question": "What city holds the university where Hal Patterson was educated?", 
            "triples": [
                "<Hal Patterson; college basketball player; University of Kansas>",
                "<Center for the Study of Science Fiction; association; University of Kansas>",
                "<Center for the Study of Science Fiction; location; Lawrence, KS>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Center for the Study of Science Fiction; founder; James Gunn>", 
                "C. <Center for the Study of Science Fiction; creation date; 1968>", 
                "D. <Hal Patterson; professional football league; Canadian Football League>",
                "E. <Hal Patterson; member of; Canadian Football Hall of Fame>", 
            ],
            "answer": "A", 
        },
    ],
    [
        {
            "question": "Who was president when the state where Glick-Sower House is located became a state?", 
            "triples": [], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Glick\u2013Sower House; year built; 1859>", 
                "C. <Glick\u2013Sower House; built for; Dr. George Glick>", 
                "D. <Glick\u2013Sower House; listed year; 1993>",
                "E. <Glick\u2013Sower House; location; Marshalltown, Iowa>", 
            ],
            "answer": "E", 
        },
        {
            "question": "Who was president when the state where Glick-Sower House is located became a state?", 
            "triples": [
                "<Glick\u2013Sower House; location; Marshalltown, Iowa>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Iowa; signed into law by; President James K. Polk>", 
                "C. <Iowa; date of statehood; December 28, 1846>", 
                "D. <Glick\u2013Sower House; year built; 1859>",
                "E. <Iowa; order of statehood; 29th>", 
            ],
            "answer": "B", 
        },
        {
            "question": "Who was president when the state where Glick-Sower House is located became a state?", 
            "triples": [
                "<Glick\u2013Sower House; location; Marshalltown, Iowa>",
                "<Iowa; signed into law by; President James K. Polk>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Iowa; date of statehood; December 28, 1846>", 
                "C. <Iowa; order of statehood; 29th>", 
                "D. <Glick\u2013Sower House; year built; 1859>",
                "E. <Glick\u2013Sower House; built for; Dr. George Glick>", 
            ],
            "answer": "A", 
        },
    ],
    [
        {
            "question": "Who was in charge of the birthplace of The Birds and the Bees' performer?", 
            "triples": [], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <The Birds and the Bees (Jewel Akens song); international hit; 1965>", 
                "C. <The Birds and the Bees (Jewel Akens song); release year; 1964>", 
                "D. <The Birds and the Bees (Jewel Akens song); release type; single>",
                "E. <The Bee Gees; songwriting; wrote all of their own hits>", 
            ],
            "answer": "C", 
        },
        {
            "question": "Who was in charge of the birthplace of The Birds and the Bees' performer?", 
            "triples": [
                "<The Birds and the Bees (Jewel Akens song); release year; 1964>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <The Birds and the Bees (Jewel Akens song); release year; 1964>", 
                "C. <The Birds and the Bees (Jewel Akens song); release type; single>", 
                "D. <Jewel Akens; birthplace; Houston, Texas>",
                "E. <Jewel Akens; birthdate; September 12, 1933>", 
            ],
            "answer": "D", 
        },
        {
            "question": "Who was in charge of the birthplace of The Birds and the Bees' performer?", 
            "triples": [
                "<The Birds and the Bees (Jewel Akens song); release year; 1964>",
                "<Jewel Akens; birthplace; Houston, Texas>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <The Birds and the Bees (Jewel Akens song); release year; 1964>", 
                "C. <Jewel Akens; birthdate; September 12, 1933>", 
                "D. <Jewel Akens; death place; Inglewood, California>",
                "E. <Houston; notable event; electing Annise Parker as mayor in 2009>", 
            ],
            "answer": "E", 
        },
        {
            "question": "Who was in charge of the birthplace of The Birds and the Bees' performer?", 
            "triples": [
                "<The Birds and the Bees (Jewel Akens song); release year; 1964>",
                "<Jewel Akens; birthplace; Houston, Texas>",
                "<Houston; notable event; electing Annise Parker as mayor in 2009>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <The Birds and the Bees (Jewel Akens song); release year; 1964>", 
                "C. <Jewel Akens; birthdate; September 12, 1933>", 
                "D. <Jewel Akens; death place; Inglewood, California>",
                "E. <Houston; political reputation; often a contested area in statewide elections>", 
            ],
            "answer": "A", 
        },
    ],
    [
        {
            "question": "When was Harry Hillel Wellington's employer created?", 
            "triples": [], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Harry H. Wellington; date of birth; August 13, 1926>", 
                "C. <Harry H. Wellington; position at Yale Law School; Dean>", 
                "D. <Harry H. Wellington; tenure at New York Law School; 1992-2000>",
                "E. <Harry H. Wellington; tenure at Yale Law School; 1975-1985>", 
            ],
            "answer": "C", 
        },
        {
            "question": "When was Harry Hillel Wellington's employer created?", 
            "triples": [
                "<Harry H. Wellington; position at Yale Law School; Dean>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Harry H. Wellington; tenure at Yale Law School; 1975-1985>", 
                "C. <Yale University; established; Yale Law School (1843)>", 
                "D. <Harry H. Wellington; tenure at New York Law School; 1992-2000>",
                "E. <Yale University; established; Yale Divinity School (1822)>", 
            ],
            "answer": "C", 
        },
        {
            "question": "When was Harry Hillel Wellington's employer created?", 
            "triples": [
                "<Harry H. Wellington; position at Yale Law School; Dean>",
                "<Yale University; established; Yale Law School (1843)>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Harry H. Wellington; tenure at Yale Law School; 1975-1985>", 
                "C. <Yale University; established; the Sheffield Scientific School (1847)>", 
                "D. <Yale University; established; Yale Graduate School of Arts and Sciences (1847)>",
                "E. <Yale University; established; Yale Divinity School (1822)>", 
            ],
            "answer": "A", 
        },
    ],
    [
        {
            "question": "Who is the deputy prime minister of the place where After Sunset was filmed?", 
            "triples": [], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <After the Sunset; filming location; Bahamas>", 
                "C. <Prime Minister of India; deputy; Deputy Prime Minister of India>", 
                "D. <Prime Minister of the Bahamas; head of government; the head of government of the Bahamas>",
                "E. <Nazem Akkari; position; temporary Deputy Prime Minister>", 
            ],
            "answer": "B", 
        },
        {
            "question": "Who is the deputy prime minister of the place where After Sunset was filmed?", 
            "triples": [
                "<After the Sunset; filming location; Bahamas>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Prime Minister of the Bahamas; head of government; the head of government of the Bahamas>", 
                "C. <Prime Minister of the Bahamas; head of state; Elizabeth II, the Queen of the Bahamas>", 
                "D. <Prime Minister of the Bahamas; current holder; Hubert Minnis>",
                "E. <Prime Minister of the Bahamas; party leader; leader of the governing Free National Movement party (FNM)>", 
            ],
            "answer": "D", 
        },
        {
            "question": "Who is the deputy prime minister of the place where After Sunset was filmed?", 
            "triples": [
                "<After the Sunset; filming location; Bahamas>", 
                "<Prime Minister of the Bahamas; current holder; Hubert Minnis>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Prime Minister of the Bahamas; head of government; the head of government of the Bahamas>", 
                "C. <Prime Minister of the Bahamas; party leader; leader of the governing Free National Movement party (FNM)>", 
                "D. <Prime Minister of the Bahamas; head of state; Elizabeth II, the Queen of the Bahamas>",
                "E. <Prime Minister of the Bahamas; election; Bahamas general election of May 10, 2017>", 
            ],
            "answer": "A", 
        },
    ],
    [
        {
            "question": "How long did the original broadcaster of the series which has the episode Adverse Events, reign in the 18-49 demographics in the Nielsen ratings?", 
            "triples": [], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Adverse Events; third episode of; the fifth season of \"House\">", 
                "C. <American Idol; Fox's 18-49 demographic victory; 8 straight years from 2004 to 2012>", 
                "D. <This Is Us; average viewership; 14.70>",
                "E. <List of Once Upon a Time episodes; 18 - 49 rating; 3.6 / 9>", 
            ],
            "answer": "B", 
        },
        {
            "question": "How long did the original broadcaster of the series which has the episode Adverse Events, reign in the 18-49 demographics in the Nielsen ratings?", 
            "triples": [
                "<Adverse Events; third episode of; the fifth season of \"House\">"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <House; premiere date; November 16, 2004>", 
                "C. <Adverse Events; guest star; Breckin Meyer>", 
                "D. <House; network; Fox>",
                "E. <90210 (season 1); premiere viewers; 4.65 million>", 
            ],
            "answer": "D", 
        },
        {
            "question": "How long did the original broadcaster of the series which has the episode Adverse Events, reign in the 18-49 demographics in the Nielsen ratings?", 
            "triples": [
                "<Adverse Events; third episode of; the fifth season of \"House\">", 
                "<House; network; Fox>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <American Idol; Fox's 18-49 demographic victory; 8 straight years from 2004 to 2012>", 
                "C. <House; premiere date; November 16, 2004>", 
                "D. <Adverse Events; air date; September 30, 2008>",
                "E. <American Idol; ranking; lost the leading position in both the total viewers number and the 18/49 demo, coming in second to NBC Sunday Night Football>", 
            ],
            "answer": "B", 
        },
        {
            "question": "How long did the original broadcaster of the series which has the episode Adverse Events, reign in the 18-49 demographics in the Nielsen ratings?", 
            "triples": [
                "<Adverse Events; third episode of; the fifth season of \"House\">", 
                "<House; network; Fox>",
                "<American Idol; Fox's 18-49 demographic victory; 8 straight years from 2004 to 2012>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <American Idol; impact on Fox; pushed Fox to become the number one U.S. TV network amongst adults 18\u201349>", 
                "C. <American Idol; viewership drop; 23% in total viewers and 30% in the 18/49 demo>", 
                "D. <American Idol; ranking; first time in eight years>",
                "E. <American Idol; season ten; the overall viewer number has increased this season>", 
            ],
            "answer": "A", 
        },
    ],
    [
        {
            "question": "Who is the child of the director of The Man Who Haunted Himself?", 
            "triples": [], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <The Man Who Haunted Himself; director; Basil Dearden>", 
                "C. <The Man Who Haunted Himself; writer; Basil Dearden>", 
                "D. <The Man Who Haunted Himself; year of release; 1970>",
                "E. <The Haunting (1963 film); director; Robert Wise>", 
            ],
            "answer": "B", 
        },
        {
            "question": "Who is the child of the director of The Man Who Haunted Himself?", 
            "triples": [
                "<The Man Who Haunted Himself; director; Basil Dearden>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <The Man Who Haunted Himself; writer; Basil Dearden>", 
                "C. <James Dearden; parents; Melissa Stribling and Basil Dearden>", 
                "D. <The Man Who Haunted Himself; year of release; 1970>",
                "E. <The Man Who Haunted Himself; genre; psychological thriller>", 
            ],
            "answer": "C", 
        },
        {
            "question": "Who is the child of the director of The Man Who Haunted Himself?", 
            "triples": [
                "<The Man Who Haunted Himself; director; Basil Dearden>",
                "<James Dearden; parents; Melissa Stribling and Basil Dearden>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <The Man Who Haunted Himself; writer; Basil Dearden>", 
                "C. <James Dearden; profession; film director and screenwriter>", 
                "D. <James Dearden; year of birth; 1949>",
                "E. <James Dearden; nationality; English>", 
            ],
            "answer": "A", 
        },
    ],
    [
        {
            "question": "when was the last time the team Corrie Artman played for won a superbowl?", 
            "triples": [], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Corrie Artman; teams played for; New York Giants, Boston Braves, Pittsburgh Pirates>", 
                "C. <Corrie Artman; sport; American football>", 
                "D. <New York Giants; Super Bowl wins; XXI (1986), XXV (1990), XLII (2007), XLVI (2011)>",
                "E. <Corrie Artman; position; offensive lineman>", 
            ],
            "answer": "B", 
        },
        {
            "question": "when was the last time the team Corrie Artman played for won a superbowl?", 
            "triples": [
                "<Corrie Artman; teams played for; New York Giants, Boston Braves, Pittsburgh Pirates>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <New York Giants; Super Bowl wins; XXI (1986), XXV (1990), XLII (2007), XLVI (2011)>", 
                "C. <New York Giants; teams with more championship appearances; Green Bay Packers (13), Chicago Bears (9)>", 
                "D. <New York Giants; NFL championship titles since the advent of the Super Bowl; 4>",
                "E. <New York Giants; NFL championship titles in the pre-Super Bowl era; 4>", 
            ],
            "answer": "B", 
        },
        {
            "question": "when was the last time the team Corrie Artman played for won a superbowl?", 
            "triples": [
                "<Corrie Artman; teams played for; New York Giants, Boston Braves, Pittsburgh Pirates>",
                "<New York Giants; Super Bowl wins; XXI (1986), XXV (1990), XLII (2007), XLVI (2011)>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <New York Giants; NFL championship titles in the pre-Super Bowl era; 4>", 
                "C. <New York Giants; Hall of Fame players; 28>", 
                "D. <New York Giants; championship appearances; 19>",
                "E. <New York Giants; NFL championship titles; 8>", 
            ],
            "answer": "A", 
        },
    ],
    [
        {
            "question": "How many people from the ethnicity comprising the most immigrants at the start of the 20th century live in the country where Cilada.com is based?", 
            "triples": [], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Brazil; diversity; most multicultural and ethnically diverse nation due to over a century of mass immigration from around the world>", 
                "C. <Cilada.com; country of release; Brazil>", 
                "D. <New York City; largest immigrant group in 1900; Germans>",
                "E. <New York City; third largest immigrant group in 1900; Jews>", 
            ],
            "answer": "C", 
        },
        {
            "question": "How many people from the ethnicity comprising the most immigrants at the start of the 20th century live in the country where Cilada.com is based?", 
            "triples": [
                "<Cilada.com; country of release; Brazil>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Germans; number of people claiming German ancestry in Brazil; 5 million>", 
                "C. <Brazil; population; over 208 million people>", 
                "D. <Germans; second largest centre of German-descended people; Brazil>",
                "E. <New York City; largest immigrant group in 1900; Germans>", 
            ],
            "answer": "E", 
        },
        {
            "question": "How many people from the ethnicity comprising the most immigrants at the start of the 20th century live in the country where Cilada.com is based?", 
            "triples": [
                "<Cilada.com; country of release; Brazil>",
                "<New York City; largest immigrant group in 1900; Germans>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <New York City; Dominican American, Puerto Rican American, and South American populations; largest in the United States>", 
                "C. <New York City; second largest immigrant group in 1900; Irish>", 
                "D. <Germans; number of people claiming German ancestry in Brazil; 5 million>",
                "E. <Germans; second largest centre of German-descended people; Brazil>", 
            ],
            "answer": "D", 
        },
        {
            "question": "How many people from the ethnicity comprising the most immigrants at the start of the 20th century live in the country where Cilada.com is based?", 
            "triples": [
                "<Cilada.com; country of release; Brazil>",
                "<New York City; largest immigrant group in 1900; Germans>",
                "<Germans; number of people claiming German ancestry in Brazil; 5 million>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <New York City; third largest immigrant group in 1900; Jews>", 
                "C. <Germans; second largest centre of German-descended people; Brazil>", 
                "D. <New York City; proportion of German immigrants in the city's population; 25%>",
                "E. <Germans; largest centre of German-descended people outside Germany; United States>", 
            ],
            "answer": "A", 
        },
    ],
    [
        {
            "question": "Who was in charge of the city where the performer of Boss Life was born?", 
            "triples": [], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Boss Life (album); artist; American rapper Slim Thug>", 
                "C. <Boss Life (album); release date; November 19, 2013>", 
                "D. <Judge Da Boss; birthplace; Phoenix, Arizona>",
                "E. <Boss Life (album); type; album>", 
            ],
            "answer": "B", 
        },
        {
            "question": "Who was in charge of the city where the performer of Boss Life was born?", 
            "triples": [
                "<Boss Life (album); artist; American rapper Slim Thug>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Tha Thug Show; artist; Houston recording artist Slim Thug>", 
                "C. <Boss Life (album); release date; November 19, 2013>", 
                "D. <Houston; political reputation; most politically diverse city in Texas>",
                "E. <Judge Da Boss; record label; Louder Than Life/Sony Records>", 
            ],
            "answer": "B", 
        },
        {
            "question": "Who was in charge of the city where the performer of Boss Life was born?", 
            "triples": [
                "<Boss Life (album); artist; American rapper Slim Thug>",
                "<Tha Thug Show; artist; Houston recording artist Slim Thug>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Boss Life (album); release date; November 19, 2013>", 
                "C. <Tha Thug Show; label; Boss Hogg Outlawz>", 
                "D. <Houston; political reputation; most politically diverse city in Texas>",
                "E. <Houston; notable event; electing Annise Parker as mayor in 2009>", 
            ],
            "answer": "E", 
        },
        {
            "question": "Who was in charge of the city where the performer of Boss Life was born?", 
            "triples": [
                "<Boss Life (album); artist; American rapper Slim Thug>",
                "<Tha Thug Show; artist; Houston recording artist Slim Thug>",
                "<Houston; notable event; electing Annise Parker as mayor in 2009>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Houston; milestone; first U.S. city with a population over 1 million to elect a gay mayor>", 
                "C. <Boss Life (album); release date; November 19, 2013>", 
                "D. <Houston; political reputation; most politically diverse city in Texas>",
                "E. <Tha Thug Show; label; Boss Hogg Outlawz>", 
            ],
            "answer": "A", 
        },
    ],
    [
        {
            "question": "What's the record label owned by the performer of Things That U Do?", 
            "triples": [], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Things That U Do; featured artist; Mariah Carey>", 
                "C. <Things That U Do; producer; Swizz Beatz>", 
                "D. <Things That U Do; origin; rapper Jay-Z's 1999 album \"Vol. 3... Life and Times of S. Carter\">",
                "E. <Things That U Do; description; overblown production>", 
            ],
            "answer": "D", 
        },
        {
            "question": "What's the record label owned by the performer of Things That U Do?", 
            "triples": [
                "<Things That U Do; origin; rapper Jay-Z's 1999 album \"Vol. 3... Life and Times of S. Carter\">"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Christi\u00f3n; record label; Jay-Z's Roc-A-Fella Records>", 
                "C. <Things That U Do; producer; Swizz Beatz>", 
                "D. <Things That U Do; featured artist; Mariah Carey>",
                "E. <Things That U Do; description; commercially aimed song>", 
            ],
            "answer": "B", 
        },
        {
            "question": "What's the record label owned by the performer of Things That U Do?", 
            "triples": [
                "<Things That U Do; origin; rapper Jay-Z's 1999 album \"Vol. 3... Life and Times of S. Carter\">",
                "<Christi\u00f3n; record label; Jay-Z's Roc-A-Fella Records>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Things That U Do; producer; Swizz Beatz>", 
                "C. <Things That U Do; featured artist; Mariah Carey>", 
                "D. <Things That U Do; type; single>",
                "E. <Things That U Do; description; commercially aimed song>", 
            ],
            "answer": "A", 
        },
    ],
    [
        {
            "question": "Who is the mother of the person under whom the entity from which Satyricon originated reached its greatest extent?", 
            "triples": [], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Roman Empire; person who reached the greatest extent of the empire; Trajan>", 
                "C. <Roman Empire; line of emperors; Five Good Emperors>", 
                "D. <W. C. Firebaugh; subject of \"Satyricon\"; low life under the Roman Empire>",
                "E. <Roman Empire; person who succeeded Vespasian; Titus>", 
            ],
            "answer": "D", 
        },
        {
            "question": "Who is the mother of the person under whom the entity from which Satyricon originated reached its greatest extent?", 
            "triples": [
                "<W. C. Firebaugh; subject of \"Satyricon\"; low life under the Roman Empire>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <W. C. Firebaugh; original author of \"Satyricon\"; Petronius>", 
                "C. <Roman Empire; person who reached the greatest extent of the empire; Trajan>", 
                "D. <Roman Empire; event that increased the size of the empire; Octavian's victory>",
                "E. <Roman Empire; line of emperors; Five Good Emperors>", 
            ],
            "answer": "C", 
        },
        {
            "question": "Who is the mother of the person under whom the entity from which Satyricon originated reached its greatest extent?", 
            "triples": [
                "<W. C. Firebaugh; subject of \"Satyricon\"; low life under the Roman Empire>", 
                "<Roman Empire; person who reached the greatest extent of the empire; Trajan>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <W. C. Firebaugh; original author of \"Satyricon\"; Petronius>", 
                "C. <Trajan; origin; hailed on his mother's side from the Gens Marcia, of an Italic family of Sabine origin>", 
                "D. <Roman Empire; event that increased the size of the empire; Octavian's victory>",
                "E. <Roman Empire; line of emperors; Five Good Emperors>", 
            ],
            "answer": "C", 
        },
        {
            "question": "Who is the mother of the person under whom the entity from which Satyricon originated reached its greatest extent?", 
            "triples": [
                "<W. C. Firebaugh; subject of \"Satyricon\"; low life under the Roman Empire>", 
                "<Roman Empire; person who reached the greatest extent of the empire; Trajan>",
                "<Trajan; origin; hailed on his mother's side from the Gens Marcia, of an Italic family of Sabine origin>"
            ], 
            "candidate_triples": [
                "A. no need for additional knowledge triples", 
                "B. <Trajan; birthplace; Roman province of Hispania Baetica (in what is now Andalusia in modern Spain)>", 
                "C. <W. C. Firebaugh; original author of \"Satyricon\"; Petronius>", 
                "D. <Roman Empire; person who succeeded Titus; Domitian>",
                "E. <Roman Empire; person who succeeded Vespasian; Titus>", 
            ],
            "answer": "A", 
        },
    ],
]

FINAL_CHAIN_EXAMPLARS_MUSIQUE = [
    {
        "question": "Who was the premier of the country that invaded the country that produced The Guard Post?", 
        "chains": "<The Guard Post; type; 2008 Korean horror film>, <The Korean War; cause; North Korea invaded South Korea following a series of clashes along the border>, <North Korea; head of government; Premier Pak Pong-ju>", 
    },
    {
        "question": "Who created the borders of countries on the continent where Legend of the Lost was filmed?", 
        "chains": "<Legend of the Lost; location work; Rome and Libya>, <Libya; location; Maghreb region in North Africa>, <Africa; outcome of European occupation; creation of many colonial territories>", 
    },
    {
        "question": "How many theater companies are in residence in the city where Askville's owner is headquartered?", 
        "chains": "<Askville; founder; Amazon.com>, <AmazonFresh; location; Seattle, Washington>, <Seattle; number of theatrical production companies; around 100>", 
    },
    {
        "question": "Which county shares a border with the county in which Wayne is located?", 
        "chains": "<Wayne, Washington County, Wisconsin; location; in Washington County, Wisconsin, United States>, <Colgate, Wisconsin; location; in Washington County, Wisconsin, United States, straddling the county line with Waukesha County>", 
    },
    {
        "question": "Who is the spouse of the person who made The Circe Invidiosa?", 
        "chains": "<Circe Invidiosa; artist; John William Waterhouse>, <Esther Kenworthy Waterhouse; marriage; John William Waterhouse>", 
    },
    {
        "question": "When did the home country of Privilege's performer gain independence from England?", 
        "chains": "<Privilege (Ivor Cutler album); artist; Ivor Cutler>, <IVOR CUTLER; co-producers; Vanishing Point and National Theatre of Scotland>, <History of Scotland; event; The Declaration of Arbroath helped convince Pope John XXII to overturn the earlier excommunication and nullify the various acts of submission by Scottish kings to English ones>, <History of Scotland; event; The Declaration of Arbroath helped Scotland's sovereignty be recognised by the major European dynasties>", 
    },
    {
        "question": "What is the population of the city where the cast member of The Adventures of Rex and Rinty lived when he died?", 
        "chains": "<The Adventures of Rex and Rinty; starring; Rex and Rin Tin Tin, Jr.>, <Rin Tin Tin; location; Los Angeles>, <Southern California; population of Los Angeles; 3,792,621>", 
    },
    {
        "question": "What is the capital of the county that contains the city where Adam Blackstone was born?", 
        "chains": "<Adam Blackstone; birthplace; Trenton, NJ>, <15th Legislative District (New Jersey); municipalities in Mercer County; Ewing Township, Hopewell Borough, Hopewell Township, Lawrence Township, Pennington Borough, Trenton City, West Windsor Township>, <WAEY; service area; Princeton and Mercer County, West Virginia>", 
    },
    {
        "question": "What city holds the university where Hal Patterson was educated?", 
        "chains": "<Hal Patterson; college basketball player; University of Kansas>, <Center for the Study of Science Fiction; association; University of Kansas>, <Center for the Study of Science Fiction; location; Lawrence, KS>", 
    },
    {
        "question": "Who was president when the state where Glick-Sower House is located became a state?", 
        "chains": "<Glick\u2013Sower House; location; Marshalltown, Iowa>, <Iowa; signed into law by; President James K. Polk>", 
    },
    {
        "question": "Who was in charge of the birthplace of The Birds and the Bees' performer?", 
        "chains": "<The Birds and the Bees (Jewel Akens song); release year; 1964>, <Jewel Akens; birthplace; Houston, Texas>, <Houston; notable event; electing Annise Parker as mayor in 2009>", 
    },
    {
        "question": "When was Harry Hillel Wellington's employer created?", 
        "chains": "<Harry H. Wellington; position at Yale Law School; Dean>, <Yale University; established; Yale Law School (1843)>", 
    },
    {
        "question": "Who is the deputy prime minister of the place where After Sunset was filmed?", 
        "chains": "<After the Sunset; filming location; Bahamas>, <Prime Minister of the Bahamas; current holder; Hubert Minnis>", 
    },
    {
        "question": "How long did the original broadcaster of the series which has the episode Adverse Events, reign in the 18-49 demographics in the Nielsen ratings?", 
        "chains": "<Adverse Events; third episode of; the fifth season of \"House\">; <House; network; Fox>; <American Idol; Fox's 18-49 demographic victory; 8 straight years from 2004 to 2012>", 
    },
    {
        "question": "Who is the child of the director of The Man Who Haunted Himself?", 
        "chains": "<The Man Who Haunted Himself; director; Basil Dearden>, <James Dearden; parents; Melissa Stribling and Basil Dearden>", 
    },
    {
        "question": "when was the last time the team Corrie Artman played for won a superbowl?", 
        "chains": "<Corrie Artman; teams played for; New York Giants, Boston Braves, Pittsburgh Pirates>, <New York Giants; Super Bowl wins; XXI (1986), XXV (1990), XLII (2007), XLVI (2011)>", 
    },
    {
        "question": "How many people from the ethnicity comprising the most immigrants at the start of the 20th century live in the country where Cilada.com is based?", 
        "chains": "<Cilada.com; country of release; Brazil>, <New York City; largest immigrant group in 1900; Germans>, <Germans; number of people claiming German ancestry in Brazil; 5 million>", 
    },
    {
        "question": "Who was in charge of the city where the performer of Boss Life was born?", 
        "chains": "<Boss Life (album); artist; American rapper Slim Thug>, <Tha Thug Show; artist; Houston recording artist Slim Thug>, <Houston; notable event; electing Annise Parker as mayor in 2009>", 
    },
    {
        "question": "What's the record label owned by the performer of Things That U Do?", 
        "chains": "<Things That U Do; origin; rapper Jay-Z's 1999 album \"Vol. 3... Life and Times of S. Carter\">, <Christi\u00f3n; record label; Jay-Z's Roc-A-Fella Records>", 
    },
    {
        "question": "Who is the mother of the person under whom the entity from which Satyricon originated reached its greatest extent?", 
        "chains": "<W. C. Firebaugh; subject of \"Satyricon\"; low life under the Roman Empire>, <Roman Empire; person who reached the greatest extent of the empire; Trajan>, <Trajan; origin; hailed on his mother's side from the Gens Marcia, of an Italic family of Sabine origin>", 
    },
]
