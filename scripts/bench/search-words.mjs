// Word lists for the search benchmark's generated desk (scripts/bench/search-data.mjs): the prose of
// documents, notes and e-mails is drawn from FUNCTION_WORDS and CONTENT_WORDS, names from the rest.
const words = (s) => [...new Set(s.trim().split(/\s+/))];

/** The most common words of any English text; they take the top ranks of the Zipf distribution. */
export const FUNCTION_WORDS = words(`
the of and to a in for is on that by this with you it not or be are from at as your all have
new more an was we will can us about if page my has but our one other do no they he up may what
which their out use any there see only so his when here who also now get been would how were me
some these its like than time just over into them should her each such please been very much
`);

/** Words of personal documents, statements, letters, receipts, mails and notes, in no order. */
export const CONTENT_WORDS = words(`
account accounts amount amounts balance balances bank banking branch cheque cheques credit credited
debit debited deposit deposits withdrawal withdrawals transfer transfers transaction transactions
statement statements interest rate rates loan loans emi installment installments principal tenure
mortgage overdraft savings current fixed recurring nominee nominees ifsc swift iban routing upi
neft rtgs imps wallet paytm card cards visa mastercard rupay cashback reward rewards points limit
outstanding minimum due dues payment payments paid unpaid pending refund refunds reversal charge
charges fee fees penalty penalties tax taxes taxable income incomes salary salaries payslip bonus
allowance allowances deduction deductions exemption exemptions rebate return returns filing assessment
assessee pan aadhaar tds gst cgst sgst igst cess invoice invoices bill bills billing receipt receipts
voucher vouchers quotation estimate estimates proforma order orders purchase purchases sale sales
discount discounts subtotal total totals grand net gross vendor vendors supplier suppliers customer
customers client clients buyer seller merchant merchants shipping shipped delivery delivered dispatch
dispatched courier tracking consignment package packages parcel warehouse return exchange replacement
warranty warranties guarantee serial model product products item items quantity unit units price
prices mrp cost costs budget budgets expense expenses expenditure reimbursement claim claims audit
auditor ledger journal entry entries reconciliation depreciation asset assets liability liabilities
equity capital dividend dividends shares share stock stocks equity mutual fund funds portfolio sip
nav units folio demat broker brokerage trading securities bond bonds debenture insurance insured
insurer policy policies premium premiums sum assured coverage cover covered claimant beneficiary
endorsement renewal renewed lapse maturity surrender rider health life term motor vehicle accident
hospitalisation cashless network hospital hospitals
agreement agreements contract contracts lease leave license licence licensed rental rent tenant
tenants landlord landlords owner owners property properties flat apartment apartments villa plot
building society maintenance deposit registration registered stamp duty notary notarised affidavit
deed sale gift partition power attorney witness witnesses signature signed signatory clause clauses
schedule annexure party parties hereinafter agreed terms conditions termination notice notices period
breach dispute disputes arbitration jurisdiction court courts case cases hearing judgment order petition
advocate lawyer legal lawful compliance regulation regulations act section sections rule rules
municipal corporation khata encumbrance certificate certificates mutation survey possession allotment
occupancy completion approval approvals sanction sanctioned plan plans builder developer carpet area
sqft square feet meters floor floors parking lift security guard electricity water gas connection
meter reading readings tariff units consumption broadband internet wifi router fibre plan recharge
mobile postpaid prepaid subscription subscriptions renewal netflix spotify prime
passport passports visa visas immigration embassy consulate appointment appointments biometrics
application applications applicant form forms reference number numbers identity identification
proof address birth marriage death domicile caste income residence citizenship nationality photo
photograph photographs copy copies original originals attested attestation verification verified
document documents scan scanned scans upload uploaded download downloaded attachment attachments
travel trip trips journey itinerary itineraries flight flights airline airlines airport airports
boarding pass passes gate terminal departure departures arrival arrivals baggage luggage cabin
checkin check seat seats window aisle ticket tickets booking bookings booked reservation reservations
pnr confirmed waitlist cancellation cancelled rescheduled train trains railway coach berth station
stations platform bus buses cab taxi uber ola metro hotel hotels resort resorts stay stays room rooms
guest guests night nights breakfast checkout holiday holidays vacation tour tours package sightseeing
beach beaches mountain mountains trek trekking camp camping visa forex currency exchange
doctor doctors patient patients clinic clinics consultation prescription prescriptions medicine
medicines tablet tablets capsule syrup dose dosage twice daily morning evening night before after
meals report reports test tests blood sugar fasting cholesterol thyroid vitamin haemoglobin urine
scan xray mri ultrasound ecg diagnosis treatment surgery operation discharge summary admission ward
pharmacy chemist lab laboratory pathology sample samples result results normal range fever cough
cold allergy allergies infection pain dental dentist tooth teeth eye eyes vision spectacles lens
vaccination vaccine vaccines dose booster pediatrician gynaecologist physiotherapy therapy checkup
weight height pressure pulse heart kidney liver lungs skin
school schools college colleges university universities admission admissions fees semester semesters
exam exams examination marks marksheet grade grades result transcript transcripts degree degrees
diploma course courses class classes student students teacher teachers professor lecture lectures
assignment assignments homework project projects thesis research paper papers journal syllabus
timetable hall roll enrolment scholarship scholarships hostel library convocation alumni
bachelor master engineering science commerce arts mathematics physics chemistry biology history
geography english hindi economics accounting management marketing finance computer programming
office offer appointment joining relieving experience employment employee employees employer hr
payroll attendance leave leaves manager team teams meeting meetings agenda minutes presentation
slides deck proposal proposals review reviews appraisal performance goals objectives targets kpi
quarter quarterly annual yearly monthly weekly daily deadline deadlines milestone milestones
timeline roadmap strategy planning plan launch release releases feature features requirement
requirements specification design designs draft drafts final version versions feedback approval
sign signoff stakeholder stakeholders vendor onboarding training workshop conference webinar
interview interviews candidate candidates resume cv profile portfolio linkedin hiring job jobs
role roles position designation department company companies organisation business startup
founder director ceo cto cfo board shareholder investor investors funding round valuation
server servers database cloud storage backup backups password passwords login account settings
software hardware laptop laptops phone phones charger tablet printer monitor keyboard mouse cable
repository code commit branch merge pull request issue issues bug bugs fix release deploy deployment
api apis docs documentation tutorial guide guides manual manuals install installation setup
configuration update updates upgrade version linux windows android iphone ios app apps website
domain hosting email emails inbox spam newsletter unsubscribe notification notifications alert
alerts otp verification code link links share shared sharing folder folders file files drive
spreadsheet sheet sheets table chart charts graph dashboard analytics data dataset export import
shopping cart wishlist checkout coupon coupons offer offers deal deals sale festival diwali christmas
order ordered shirt shirts shoes jeans dress saree kurta jacket watch watches headphones earphones
speaker speakers television tv fridge refrigerator washing machine microwave oven mixer grinder
cooker utensils furniture sofa bed mattress table chair chairs curtains bedsheet pillow lamp bulb
fan fans cooler inverter battery batteries solar purifier geyser heater
grocery groceries vegetables fruits milk bread eggs rice wheat flour atta dal sugar salt oil ghee
butter cheese paneer chicken mutton fish tea coffee snacks biscuits juice water bottles soap
shampoo toothpaste detergent cleaning supplies kitchen recipe recipes cooking dinner lunch
breakfast restaurant restaurants cafe food zomato swiggy delivery tip
car cars bike bikes scooter vehicle vehicles registration rc puc fuel petrol diesel mileage service
servicing garage mechanic tyre tyres engine oil brake brakes clutch battery insurance challan toll
fastag parking driving licence learner dealer showroom accessories
family father mother parents brother sister son daughter children child kids baby husband wife
grandfather grandmother uncle aunt cousin nephew niece friend friends neighbour wedding marriage
anniversary birthday birthdays party parties gift gifts celebration function ceremony invitation
invitations guest guests photos album albums memories video videos festival pooja temple church
trip picnic weekend vacation reunion
pet pets dog dogs cat cats vet grooming food collar
garden plants plant seeds pots soil fertilizer watering balcony terrace
repair repairs plumber electrician carpenter painter painting cleaning pest control renovation
interior tiles paint leakage
note notes todo list lists reminder reminders idea ideas thoughts journal diary quote quotes book
books reading read novel author chapter article articles blog post posts podcast episode movie
movies film series show shows music song songs playlist concert tickets game games match cricket
football tennis badminton gym workout yoga running run walk steps diet calories protein
january february march april may june july august september october november december monday
tuesday wednesday thursday friday saturday sunday today tomorrow yesterday week weeks month months
year years date dates day days hour hours minute minutes morning afternoon evening night time
calendar event events schedule scheduled rescheduled reminder slot slots
city town village district state country pincode street road lane nagar colony sector block
phase layout cross main near opposite behind next landmark location locations map maps directions
route distance km north south east west
please kindly regards thanks thank dear sir madam hello hi team sincerely yours truly best warm
attached attach enclosed find herewith request requested requesting confirm confirmed confirmation
inform informed information regarding subject reference ref acknowledge acknowledged received
receive sending sent send reply replied forward forwarded follow followup update updated
contact contacted call called calls phone number mobile message messages whatsapp chat group
groups voice audio image images picture pictures screenshot screenshots pdf doc docx xlsx
important urgent priority asap soon later earlier already still again once twice
available unavailable applicable eligible valid invalid expired expiry expires expiring active
inactive approved rejected pending processing processed completed complete incomplete successful
failed failure success error errors issue problem problems solution solutions question questions
answer answers details detail summary overview description notes remarks comments comment
first second third last next previous following above below same different various several
total full partial additional extra free paid monthly annual per every each both either neither
high low small large big little long short old new young early late fast slow quick easy
hard simple clear good bad great better best worse worst happy sad sorry nice fine okay sure
personal private public official general special standard basic premium regular final initial
local national international domestic foreign digital online offline physical manual automatic
make made making take took taken give given giving keep kept keeping bring brought buy bought
pay paying sell sold need needed needs want wanted wants know known think thought feel felt
look looking looked find found found show shown showing tell told ask asked asking work worked
working start started starting stop stopped end ended ending open opened close closed change
changed changes move moved moving pick picked drop dropped collect collected submit submitted
apply applied fill filled print printed cancel renew renewed transfer verify check checked
visit visited meet met plan planned book arrange arranged prepare prepared review reviewed
discuss discussed decide decided agree disagree remember forgot forget note noted save saved
store stored keep delete deleted remove removed add added include included exclude excluded
people person man woman men women someone everyone anyone nobody thing things something
everything nothing way ways part parts place places point points side sides home house room
world life hand hands head case cases fact facts group number numbers system systems program
service services area areas level levels form forms type types kind kinds order value values
money cash price cost market markets industry economy government minister ministry department
authority authorities office officer officers police station complaint fir report
health safety security risk risks quality standard standards process processes policy procedure
ability absence academy accept acceptance access accessible accommodation accompany accomplish accord
accurate achieve achievement acquire acquisition across action actions activity activities actual adapt
adjust adjustment administration administrative admit adult advance advanced advantage adventure
advertisement advice advise adviser affair affect afford agency agent aid aim aircraft alarm alcohol
allocate allocation allow alternative amendment analysis analyse ancient angle animal announce
announcement annually anticipate anxiety apology apparent appeal appear appliance appreciate approach
appropriate approximately architect architecture archive argue argument arise arrange arrangement
arrest article artificial artist aspect assemble assembly assess assign assist assistance assistant
associate association assume assumption atmosphere attach attack attempt attend attendance attention
attitude attract attractive auction audience authentic authorise automobile autumn average avoid award
aware awareness background balcony ban band bar barrier base basement basis basket bath bathroom
battle beauty bedroom beginning behalf behaviour belief belong benefit benefits bicycle bid billion
blank blanket blind boat body boiler bond bonus border boss bottle bottom boundary bowl box brand
breath brick bridge brief brilliant broad broken brush bucket bulk bunch burden bureau burn butter
button cabinet cake campaign campus cancer candidate capacity captain carbon career careful cargo
carpet carry cash castle catalogue category cause caution ceiling celebrate cell cement census centre
century ceremony chain chairman challenge chamber champion channel chapter character charity chart
chase cheap cheat chest chief childhood chip choice choose circle circuit circumstance citizen civil
claim classic classroom clean clerk climate clinic clock clothes clothing cloud club coach coal coast
coat collection collective column combination comfort comfortable command commercial commission
commitment committee common communicate communication community commute compact companion
comparison compensation competition competitive complain complaint component comprehensive
compromise concept concern concert concrete conduct conference confidence confidential conflict
congratulations connect consent consequence conservation consider considerable consistent
constant constitution construction consultant consumer container content contest context
continue continuous contribute contribution convenience convenient conversation convert cook copper
corner correct correction correspondence corridor cottage cotton council counsel counter courage
cousin craft crash create creation creative creature crew crisis criteria critical crop crowd crown
crucial cruise culture cup curious curriculum curtain cushion custom customs cycle damage danger dark
deadline dealer debate debt decade decent decision declaration decline decrease defence deficit
define definite degree delay delegate delicate demand democracy demonstrate density dentist deny
depend dependent deposit depot depth deputy describe desert deserve desk destination destroy detect
determine develop development device diagram dialogue diamond diary difference difficult difficulty
dimension dinner direct direction director disability disaster discipline discover discovery
discussion disease dish display distance distinct distribute distribution district divide division
doctorate domain donation door double doubt downtown dozen drama drawing dream dress drink driver
dry duty eager earn earnings earth ease economic edge edition editor educate effect effective
efficiency effort elderly election electric electrical electronic element elevator eligibility
embassy emergency emotion emphasis empire employ empty enable encourage energy enforcement engage
engineer enjoy enormous enquiry ensure enter enterprise entertainment entitle entrance entry
environment equal equipment error escape essay essential establish estate evaluate evaluation
evidence exact examine example excellent exception exchange excited exclusive excuse executive
exercise exhibition exist existing expand expansion expect expectation expedition expensive
experiment expert explain explore export expose express extend extension extent external facility
factor factory faculty fail fair faith false fame familiar famous fancy fare farm farmer fashion
fault favour favourite fear federal feed fence festival fiction field fight figure filter finding
finish fire firm fitness flag flat flexible flood flow flower fold following font force forecast
forest format formal formula fortune forum foundation frame framework freedom freight frequency
fresh fridge friendly fuel function fund furniture future gain gallery gap garage garbage gate
gather gear generate generation generous gentle genuine glass global gold golf governor grade
gradual graduate grand grant grass grateful green greeting grocery ground growth guarantee guidance
guide habit half hall handle harbour hardware harvest heading headquarters heat heavy helmet help
heritage highway hill hint hire historic hobby hold hole honest honour horizon horse host household
housing humble hunger identify ignore illness illustrate imagine impact implement implication
impose impress improve improvement incident include increase independent index indicate individual
indoor industrial infant inflation influence initiative injury inner innovation input inquiry
inside insist inspection inspector instance instant institute institution instruction instrument
integrate intend intention interior internal interpret interval introduce invest investigation
investment invitation involve iron island isolate jewellery joint joke journalist judge junior
justice keen key kit knee knife knowledge label labour ladder lake land landscape language laptop
latest laundry lawn layer leader leadership league learn learning leather lecture legacy legend
leisure lend lesson letter liberal lifestyle light limited line liquid literature load loan lobby
locker logic logo loss lost lottery loyal luxury machine magazine magic mail majority mall manage
manufacturing margin marine marketing mass master match material matter mature meal meaning measure
measurement media medium member membership memory mental mention menu merchant metal method middle
midnight migration military mind mineral minor minority mirror mission mistake mixture mode modern
modest moment monitor mood motion motor mount mountain movement museum mystery narrow nation native
natural nature navy negotiate negotiation nerve neutral newspaper noise nominate normal notebook
novel nurse nursery nutrition obey object objection obligation observe obtain occasion occupation
occur ocean odd offence offensive official onion operate operator opinion opponent opportunity
oppose option orange ordinary organic origin outcome outdoor outline output outstanding oven owe
ownership pace pack page painting pair palace panel panic parcel parent parliament partner
partnership passage passenger passion patience pattern pause peace peak pen pension pepper perfect
permanent permission permit personality perspective petrol phase philosophy physical pilot pipe
pitch planet platform pleasure plenty pocket poem poet poetry poison pole political pollution pool
poor popular population port portion portrait pose positive possess possibility possible potato
potential pound poverty powder practical practice praise predict preference pregnant premises
presence preserve president press prevent primary prime prince principle priority prison prize
probably procedure produce producer profession professional profit progress promise promote
promotion prompt proper proportion prospect protect protection protest proud prove provide province
provision publish publisher pump punishment pupil purchase purpose qualification qualify quantity
quarter queen queue quiet quit race radio rail rain raise random rank rapid rare rating ratio raw
reach reaction ready reality realise reason reasonable recall recent reception recognise recommend
recommendation record recover recovery recruit reduce reduction referee reflect reform refuse
region register regret regular reject relate relationship relative relax release relevant relief
religion rely remain remark remote rent repeat replace represent reputation rescue reserve resident
resign resist resolution resolve resort resource respect respond response responsibility rest
restaurant restore restriction retail retire retirement reveal revenue reverse revision reward
rhythm rice rich ride ring rise river rock roof root rope rough round routine royal rubber rural
rush salad salary satellite satisfaction satisfy sauce scale scene scheme scholar science scientist
scope score screen script sea search season secret secretary sector secure seed select selection
senior sense sensitive sentence separate sequence session settle settlement severe shadow shape
sharp shelf shell shelter shift shine ship shock shop shore shortage signal significant silence
silver similar sink site situation size sketch skill skin sleep slice slide slight smart smell smile
smoke smooth snow social society soft soldier solid sort sound source space spare speaker species
speech speed spend spirit sponsor sport spot spread spring square stable staff stage stair stake
stamp stance statue status steady steel step stick stomach stone storm story strategy stream
strength stress stretch strict strike string strong structure struggle studio stuff style subject
submission subsidy substance succeed suggest suggestion suit suitable suite summer sun supervisor
supply support suppose surface surgeon surplus surprise surround survive suspect sustain sweet swim
symbol sympathy symptom tablet tackle tag tail talent talk tank tape target task taste teaching
technical technique technology teenager telephone temperature temple temporary tension tent
territory text textbook theatre theme theory thick thin threat threshold throat tiny title toilet
tone tool topic touch tourism tourist tower track trade tradition traffic tragedy trail transport
trap treasure treat treaty tree trend trial tribe trick trouble truck trust truth tube tuition
tunnel turn tutor twin typical ugly unable uncle underground uniform union unique unit unity
universe unknown unusual upper urban usage useful usual utility vacancy valley valuable van variety
vast vegetable venue verdict version vessel veteran victim view village violence virtual virus
visible visitor vital volume volunteer vote voyage wage wait wall war warehouse warm warning wash
waste wave wealth weapon wear weather website weekday welfare wheel whole wide width wild wind wing
winner winter wire wisdom wish withdraw witness wonder wood wool worker workplace workshop worry
worth wrap write writer writing yard yield youth zone
`);

/** People, for senders, payees, file names and contacts. */
export const FIRST_NAMES = words(`
Aarav Vivaan Aditya Arjun Sai Reyansh Ayaan Krishna Ishaan Rohan Rahul Amit Vikram Suresh Ramesh
Anil Sunil Rajesh Manoj Sanjay Deepak Kiran Arun Vijay Ravi Priya Ananya Diya Aadhya Saanvi Kavya
Isha Neha Pooja Sneha Anjali Divya Meera Lakshmi Sunita Rekha Asha Nisha Shreya Riya Tanvi Aisha
Fatima Zoya Imran Farhan Sameer Arjun Karan Nikhil Varun Harsh Aman Gaurav Akash Rohit Siddharth
John Mary David Sarah Michael Emma James Olivia Daniel Sophia Thomas Anna Peter Laura Mark Julia
`);
export const LAST_NAMES = words(`
Sharma Verma Gupta Singh Kumar Patel Shah Mehta Joshi Iyer Iyengar Nair Menon Pillai Reddy Rao
Naidu Kulkarni Deshpande Patil Jadhav Chatterjee Banerjee Mukherjee Das Bose Ghosh Sen Roy Khan
Ahmed Qureshi Fernandes DSouza Pereira Rodrigues Kapoor Malhotra Khanna Chopra Bhatia Sethi Arora
Agarwal Jain Bansal Goyal Mittal Saxena Srivastava Tiwari Mishra Pandey Dubey Yadav Chauhan
Smith Jones Brown Taylor Wilson Miller Davis Clark Lewis Walker Hall Young
`);

/** Companies and services, for invoices, e-mails and links. */
export const COMPANIES = words(`
ACME Infosys Wipro TCS HCL Accenture Deloitte KPMG Amazon Flipkart Myntra Swiggy Zomato Ola Uber
Airtel Jio Vodafone BSNL Tata Reliance Mahindra Bajaj HDFC ICICI SBI Axis Kotak Yes IndusInd LIC
Zerodha Groww Paytm PhonePe Razorpay MakeMyTrip Goibibo Cleartrip IndiGo Vistara AirIndia IRCTC
Apollo Fortis Manipal Practo Netmeds PharmEasy BigBasket Blinkit Zepto DMart Croma Reliance Decathlon
IKEA Urban Company Google Microsoft Apple Samsung OnePlus Xiaomi Dell Lenovo HP Asus Sony LG
Whirlpool Godrej Havells Philips Bosch Maruti Hyundai Honda Toyota Kia Royal Enfield Hero TVS
Netflix Spotify Hotstar Adobe Atlassian GitHub Notion Slack Zoom Dropbox Canva Coursera Udemy
`);

export const CITIES = words(`
Mumbai Delhi Bengaluru Hyderabad Chennai Kolkata Pune Ahmedabad Jaipur Lucknow Kochi Goa Mysuru
Chandigarh Indore Bhopal Nagpur Surat Vadodara Coimbatore Madurai Visakhapatnam Patna Bhubaneswar
Guwahati Dehradun Shimla Manali Udaipur Jodhpur Varanasi Agra Amritsar Rishikesh Ooty Munnar
Pondicherry Hampi Leh Srinagar Singapore Dubai London Bangkok Bali Paris Tokyo
`);

/** Folder names: drawers and, per drawer, the binders it holds. */
export const DRAWERS = {
  Finance: ['Bank statements', 'Credit cards', 'Investments', 'Loans', 'Salary slips', 'Mutual funds'],
  Taxes: ['ITR 2019-20', 'ITR 2020-21', 'ITR 2021-22', 'ITR 2022-23', 'ITR 2023-24', 'Form 16'],
  Home: ['Rental agreement', 'Electricity bills', 'Maintenance', 'Appliances', 'Renovation', 'Society'],
  Travel: ['Goa trip 2021', 'Europe 2022', 'Kerala 2023', 'Visa papers', 'Flight tickets', 'Hotels'],
  Health: ['Medical reports', 'Prescriptions', 'Insurance', 'Dental', 'Vaccinations', 'Hospital bills'],
  Work: ['Offer letters', 'Payslips', 'Projects', 'Appraisals', 'Expense claims', 'Training'],
  Family: ['Kids school', 'Wedding', 'Birthdays', 'Parents', 'Photos', 'Recipes'],
  Car: ['Insurance', 'Service records', 'RC and PUC', 'Fuel receipts', 'Challans', 'Loan'],
  Education: ['Degree certificates', 'Marksheets', 'Courses', 'Scholarships', 'Transcripts', 'Thesis'],
  Legal: ['Property papers', 'Will', 'Affidavits', 'Court case', 'Power of attorney', 'Notary'],
  Shopping: ['Invoices', 'Warranties', 'Returns', 'Manuals', 'Wishlist', 'Gift cards'],
  Personal: ['Identity', 'Passport', 'Notes', 'Journal', 'Reading list', 'Ideas'],
};

export const TAGS = words(`
important tax family work receipt travel medical warranty todo personal urgent archive kids home
car insurance 2019 2020 2021 2022 2023 2024 shared original scanned signed
`);

/** Named places, for location items. */
export const PLACES = [
  'Home',
  'Office',
  'Parents home',
  'Gym',
  'Apollo Hospital',
  'Phoenix Marketcity',
  'Orion Mall',
  'Kempegowda International Airport',
  'Chhatrapati Shivaji Maharaj International Airport',
  'Indira Gandhi International Airport',
  'Gateway of India',
  'India Gate',
  'Taj Mahal',
  'Cubbon Park',
  'Marine Drive',
  'Baga Beach',
  'Lalbagh Botanical Garden',
  'Charminar',
  'Mysore Palace',
  'Hawa Mahal',
  'Golden Temple',
  'Kids school',
  'Dentist',
  'Passport Seva Kendra',
  'Regional Transport Office',
  'Bank branch',
  'Grandma house',
  'Favourite cafe',
  'Car service centre',
  'Co-working space',
];
