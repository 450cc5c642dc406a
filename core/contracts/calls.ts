// The call map (docs/decisions/079): every API call the web makes, its body (the zod
// contract's input type) and its answer's `data`, declared once. Types only: nothing here reaches a bundle.
// web/lib/api-client.ts `api(path, body)` takes both from the path; tests/types/calls.ts checks the map
// against the worker's routes (path, body schema and answer), so a change on either side fails `tsc`.
import type { z } from 'zod';
import type { Locale } from '../i18n';
import type { StatementMapping } from '../statement';
import type * as accounts from './accounts';
import type { MyData, UserInfo, UserProfile } from './accounts';
import type * as admin from './admin';
import type {
  AdminProduct,
  AdminSettings,
  AttentionOrder,
  AuditPage,
  CataloguePrepared,
  CataloguePublished,
  OrderDecision,
  Overview,
  ConsoleCounts,
  ProductChange,
  ProductUpdate,
  RoleChange,
  SettingsChange,
  StaffMember,
  UnitTotals,
} from './admin';
import type * as capacity from './capacity';
import type { AcceptedOffer, AdminWaitlist, CapacityView, JoinedWaitlist, MyWaitlist } from './capacity';
import type * as cart from './cart';
import type { CartDetails } from './cart';
import type { CountResponse, LiveFlag, PlansResponse, ProductsResponse, UProductsResponse } from './catalogue';
import type * as channels from './channels';
import type {
  AnnouncementView,
  AnnouncementsView,
  AudienceCount,
  ChannelPrefs,
  MemberDeliveries,
  TestSendResult,
  VenueNotice,
} from './channels';
import type * as receipts from './receipts';
import type { ReceiptBillingResult, ReceiptRegister, ReceiptView } from './receipts';
import type * as checkout from './checkout';
import type {
  FailOrderResult,
  GiveUpResult,
  OfflineOrderResult,
  OfflineStartOrder,
  OnlineStartOrder,
  PaymentOptions,
  SuccessOrderResult,
  UserExtraInfo,
} from './checkout';
import type { emptyBody, Message } from './common';
import type { OrderView } from './orders';
import type * as refunds from './refunds';
import type {
  CompleteFailedResult,
  OrderRefunds,
  RefundQuote,
  RefundResult,
  StatementApproval,
  StatementCredits,
  StatementImportView,
} from './refunds';
import type * as renewals from './renewals';
import type { EmailPrefs, MailPreview, ReminderAudience, RenewalOffer, RenewalReport } from './renewals';
import type * as gate from './gate';
import type { GateDayRow, GateProductsResponse, GateSalesResponse, RecordGateSaleResponse } from './gate';
import type * as venue from './venue';
import type {
  CollectionConflict,
  MarkCollectedResponse,
  UndoCollectionResponse,
  UploadCollectionsResponse,
  VenuePass,
  VenueSyncResponse,
} from './venue';

/** One call: what the body may be (what the zod schema accepts) and what `data` holds. */
type Call<S extends z.ZodType, D> = { body: z.input<S>; data: D };
type NoBody<D> = Call<typeof emptyBody, D>;

export type ApiCalls = {
  // ---- accounts ----
  signUp: Call<typeof accounts.signUpRequest, Message>;
  signUpAndLogin: Call<typeof accounts.signUpAndLoginRequest, UserInfo>;
  login: Call<typeof accounts.loginRequest, UserInfo>;
  logout: NoBody<{ loggedOut: true }>;
  forgotPasswd: Call<typeof accounts.forgotPasswdRequest, Message>;
  changePasswd: Call<typeof accounts.changePasswdRequest, Message>;
  setLanguage: Call<typeof accounts.setLanguageRequest, { lang: Locale }>;
  getUserProfile: NoBody<UserProfile>;
  sendVerificationEmail: NoBody<Message>;
  verifyEmail: Call<typeof accounts.verifyEmailRequest, Message>;
  // a member's own data
  updateUserProfile: Call<typeof accounts.updateUserProfileRequest, { name: string; mobile: string; message: string }>;
  changeEmail: Call<typeof accounts.changeEmailRequest, Message>;
  getMyData: NoBody<MyData>;
  deleteAccount: Call<typeof accounts.deleteAccountRequest, { deleted: true; message: string }>;
  isMembershipLive: NoBody<LiveFlag>;
  isDailyPassLive: NoBody<LiveFlag>;

  // ---- catalogue and cart ----
  getProducts: NoBody<ProductsResponse>;
  getUProducts: NoBody<UProductsResponse>;
  getPlans: NoBody<PlansResponse>;
  getUtsavUserCount: NoBody<CountResponse>;
  getBijayaSanmelaniCount: NoBody<CountResponse>;
  addToCart: Call<typeof cart.addToCartRequest, CartDetails>;
  getCartDetails: NoBody<CartDetails>;
  deleteCart: NoBody<{ deleted: true }>;

  // ---- checkout and the member's orders ----
  /** the answer follows `offline`: the Razorpay order to open, or the bank details to pay to */
  startOrder:
    | { body: { offline: false } & checkout.BillingBody; data: OnlineStartOrder }
    | { body: { offline: true } & checkout.BillingBody; data: OfflineStartOrder };
  handleSuccessOrder: Call<typeof checkout.handleSuccessOrderRequest, SuccessOrderResult>;
  handleFailOrder: Call<typeof checkout.handleFailOrderRequest, FailOrderResult>;
  handleOfflineOrder: Call<typeof checkout.handleOfflineOrderRequest, OfflineOrderResult>;
  giveUpOrder: Call<typeof checkout.giveUpOrderRequest, GiveUpResult>;
  getOrders: NoBody<OrderView[]>;
  getUserExtraInfo: NoBody<UserExtraInfo>;
  saveUserExtraInfo: Call<typeof checkout.saveUserExtraInfoRequest, UserExtraInfo>;
  getPaymentOptions: NoBody<PaymentOptions>;

  // ---- membership year ----
  getRenewal: Call<typeof renewals.renewalRequest, RenewalOffer>;
  getEmailPrefs: NoBody<EmailPrefs>;
  setEmailPrefs: Call<typeof renewals.emailPrefsRequest, EmailPrefs & Message>;
  unsubscribe: Call<typeof renewals.unsubscribeRequest, Message>;
  getReminderAudience: NoBody<ReminderAudience>;
  previewReminder: NoBody<MailPreview>;
  sendReminderTest: NoBody<Message>;
  startReminderCampaign: NoBody<Message & { campaignId: number; audience: number }>;
  stopReminderCampaign: Call<typeof renewals.campaignRequest, Message>;
  getRenewalReport: Call<typeof renewals.renewalReportRequest, RenewalReport>;

  // ---- admin: pass desk, verification, order lists ----
  searchUserOrder: Call<typeof admin.searchUserOrderRequest, OrderView[]>;
  getStaffOrderDetails: Call<typeof admin.orderDetailsRequest, OrderView>;
  getPendingOrders: NoBody<OrderView[]>;
  getAttentionOrders: NoBody<AttentionOrder[]>;
  clearAttention: Call<typeof admin.clearAttentionRequest, Message>;
  approveOfflineOrder: Call<typeof admin.offlineOrderRequest, OrderDecision>;
  rejectOfflineOrder: Call<typeof admin.rejectOfflineOrderRequest, OrderDecision>;
  getSuccessOrders: Call<typeof admin.cursorRequest, OrderView[]>;
  getDPKPNotCollectedOrder: Call<typeof admin.cursorRequest, OrderView[]>;
  getDPKPCollectedOrder: Call<typeof admin.cursorRequest, OrderView[]>;
  getCollectionTotals: Call<typeof admin.collectionTotalsRequest, UnitTotals>;

  // ---- admin: catalogue, settings, roles, overview, audit ----
  getUnGropedProducts: NoBody<AdminProduct[]>;
  markProductAvailable: Call<typeof admin.markProductAvailableRequest, ProductChange & { available: boolean }>;
  markProductFullSponsor: Call<
    typeof admin.markProductFullSponsorRequest,
    ProductChange & { fullSponsorOnly: boolean }
  >;
  setProductBengali: Call<typeof admin.setProductBengaliRequest, ProductChange & { nameBn: string; descBn: string }>;
  addProduct: Call<typeof admin.addProductRequest, ProductChange>;
  blockProduct: Call<
    typeof admin.blockProductRequest,
    ProductChange & { blockedByName: string; blockedByEmail: string }
  >;
  unblockProduct: Call<typeof admin.unblockProductRequest, ProductChange>;
  updateProduct: Call<typeof admin.updateProductRequest, ProductUpdate>;
  prepareNextCatalogue: NoBody<CataloguePrepared>;
  publishCatalogue: Call<typeof admin.publishCatalogueRequest, CataloguePublished>;
  getAdminSettings: NoBody<AdminSettings>;
  updateSettings: Call<typeof admin.updateSettingsRequest, SettingsChange>;
  getStaff: NoBody<StaffMember[]>;
  setUserRole: Call<typeof admin.setUserRoleRequest, RoleChange>;
  getOverview: Call<typeof admin.overviewRequest, Overview>;
  getConsoleCounts: NoBody<ConsoleCounts>;
  getAuditLog: Call<typeof admin.auditLogRequest, AuditPage>;

  // ---- admin: refunds and bank statements ----
  getOrderRefunds: Call<typeof refunds.orderRefundsRequest, OrderRefunds>;
  getRefundQuote: Call<typeof refunds.refundQuoteRequest, RefundQuote>;
  refundOrder: Call<typeof refunds.refundOrderRequest, RefundResult>;
  carryOverOrder: Call<typeof refunds.carryOverRequest, RefundResult>;
  retryRefund: Call<typeof refunds.retryRefundRequest, RefundResult>; // decision 145
  recordManualRefund: Call<typeof refunds.manualRefundRequest, RefundResult>;
  completeFailedOrder: Call<typeof refunds.completeFailedOrderRequest, CompleteFailedResult>;
  getStatementMapping: NoBody<StatementMapping>;
  importStatement: Call<typeof refunds.importStatementRequest, StatementImportView>;
  getStatementImport: Call<typeof refunds.statementImportRequest, StatementImportView>;
  approveStatementMatches: Call<typeof refunds.statementImportRequest, StatementApproval>;
  getStatementCredits: NoBody<StatementCredits>;
  clearStatementFlag: Call<typeof refunds.clearStatementFlagRequest, Message>;

  // ---- venue ----
  markCouponCollected: Call<typeof venue.markCouponCollectedRequest, MarkCollectedResponse>;
  uploadCollections: Call<typeof venue.uploadCollectionsRequest, UploadCollectionsResponse>;
  undoCollection: Call<typeof venue.undoCollectionRequest, UndoCollectionResponse>;
  getVenuePasses: Call<typeof venue.venueSyncRequest, VenueSyncResponse>;
  searchVenuePasses: Call<typeof venue.venueSearchRequest, VenuePass[]>;
  getCollectionConflicts: Call<typeof venue.collectionConflictsRequest, CollectionConflict[]>;

  // ---- gate sales ----
  getGateProducts: Call<typeof gate.gateProductsRequest, GateProductsResponse>;
  recordGateSale: Call<typeof gate.recordGateSaleRequest, RecordGateSaleResponse>;
  getGateSales: Call<typeof gate.gateSalesRequest, GateSalesResponse>;
  recordCashHandover: Call<typeof gate.recordCashHandoverRequest, GateDayRow>;
  resolveGateConflict: Call<typeof gate.resolveGateConflictRequest, Message>;

  // ---- channels beside email and announcements ----
  getChannelPrefs: NoBody<ChannelPrefs>;
  setChannelPrefs: Call<typeof channels.channelPrefsRequest, ChannelPrefs & Message>;
  savePushSubscription: Call<typeof channels.pushSubscriptionRequest, ChannelPrefs & Message>;
  removePushSubscription: Call<typeof channels.pushEndpointRequest, ChannelPrefs & Message>;
  getAnnouncements: NoBody<AnnouncementsView>;
  getAnnouncementAudience: Call<typeof channels.audienceRequest, AudienceCount>;
  sendAnnouncementTest: Call<typeof channels.announcementTextRequest, TestSendResult>;
  createAnnouncement: Call<typeof channels.createAnnouncementRequest, Message & { announcement: AnnouncementView }>;
  stopAnnouncement: Call<typeof channels.announcementRequest, Message>;
  getMemberDeliveries: Call<typeof channels.memberDeliveriesRequest, MemberDeliveries>;
  getVenueNotices: NoBody<VenueNotice[]>;

  // ---- capacity and waiting lists ----
  setProductCapacity: Call<typeof capacity.setProductCapacityRequest, CapacityView & Message>;
  setProductWaitlist: Call<typeof capacity.setProductWaitlistRequest, CapacityView & Message>;
  getWaitlist: Call<typeof capacity.waitlistRequest, AdminWaitlist>;
  removeFromWaitlist: Call<typeof capacity.removeFromWaitlistRequest, Message>;
  joinWaitlist: Call<typeof capacity.joinWaitlistRequest, JoinedWaitlist>;
  leaveWaitlist: Call<typeof capacity.leaveWaitlistRequest, Message>;
  getMyWaitlist: NoBody<MyWaitlist>;
  acceptWaitlistOffer: Call<typeof capacity.acceptWaitlistOfferRequest, AcceptedOffer>;
  // ---- receipts, credit notes and the register ----
  getReceipt: Call<typeof receipts.receiptRequest, ReceiptView>;
  setReceiptBilling: Call<typeof receipts.receiptBillingRequest, ReceiptBillingResult>;
  resendReceipt: Call<typeof receipts.resendReceiptRequest, Message>;
  getReceiptRegister: Call<typeof receipts.receiptRegisterRequest, ReceiptRegister>;
};

export type CallPath = keyof ApiCalls;

/** Every body a call takes (for a call with variants, any of them). */
export type CallBody<P extends CallPath> = ApiCalls[P]['body'];

/** The `data` of a call given the body sent: a call with variants answers the variant whose body matches. */
export type CallData<P extends CallPath, B = CallBody<P>> = DataOf<ApiCalls[P], B>;
type DataOf<C, B> = C extends { body: infer CB; data: infer D } ? ([B] extends [CB] ? D : never) : never;
